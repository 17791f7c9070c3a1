import { contract } from '@crm/core/contract';
import * as ww from '@wecom/jssdk';
import { api } from '../../api/client';

/** The entries from which WeCom lets a page read the current external contact (ww.getContext). */
const CONTACT_ENTRIES = ['single_chat_tools', 'contact_profile'];

/** Why the chat's contact could not be read, in Chinese (the SDK's own errMsg is English). */
export class SidebarContextError extends Error {}

/**
 * The external contact of the chat the sidebar is opened beside: the page registers with WeCom (config with the
 * corp ticket, agentConfig with the app ticket, both signed by /jsapi/signature for this page's address without
 * its #fragment), checks where it was opened (getContext), then reads the contact (getCurExternalContact).
 */
export async function currentExternalContact(): Promise<string> {
  const url = window.location.href.split('#')[0];
  const sig = await api.call(contract.wecomAuth.jsapiSignature, { url }, { silent: true });
  ww.register({
    corpId: sig.corpId,
    agentId: sig.agentId,
    jsApiList: ['getContext', 'getCurExternalContact'],
    getConfigSignature: () => sig.config,
    getAgentConfigSignature: () => sig.agentConfig,
  });
  let entry: string;
  try {
    entry = String((await ww.getContext()).entry);
  } catch (e) {
    throw new SidebarContextError(`无法读取企业微信环境（${errMsgOf(e)}），请在企业微信中打开`);
  }
  if (!CONTACT_ENTRIES.includes(entry))
    throw new SidebarContextError('请在企业微信的客户聊天中，从聊天工具栏打开“客户分析”');
  try {
    return (await ww.getCurExternalContact()).userId;
  } catch (e) {
    throw new SidebarContextError(
      `读取当前客户失败（${errMsgOf(e)}）：请确认应用已加入“客户联系 → 可调用接口的应用”，页面域名为可信域名`,
    );
  }
}

const errMsgOf = (e: unknown) =>
  (e && typeof e === 'object' && 'errMsg' in e ? String(e.errMsg) : e instanceof Error ? e.message : '') || '未知错误';
