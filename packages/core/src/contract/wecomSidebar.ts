import { z } from 'zod';
import { callsOf } from './call';
import { idField } from './fields';
import { AiCustomerRow, Briefing, RiskItem } from './insight';
import { Interaction } from './interaction';
import { WeComCustomer } from './wecom';

/**
 * The chat sidebar (侧边栏, /weComSidebar/customerAnalysis), opened in WeCom beside a customer chat: the contact the
 * JS-SDK names (getCurExternalContact), its lead, and the lead's AI side. Under /api/wecom (plan.md group I2: "base
 * not given, put on wecom"). A contact without a lead is turned into one with /wechatCustomer/toClue.
 */

const sidebar = callsOf('wecom');
const ClueOnly = z.object({ clueId: idField('客户') });

export const SidebarContact = z.object({
  contact: WeComCustomer,
  /** The lead bound to the contact when the session may see it (null: none, or outside the role's data scope). */
  clueId: z.number().nullable(),
  /** The contact has a lead the session may not see (another owner's, outside the data scope). */
  clueHidden: z.boolean(),
  /** A remark mobile of the contact that no lead has yet: the one-tap lead's phone. */
  suggestedPhone: z.string().nullable(),
});

export const wecomSidebar = {
  getCustomerDetailInWechat: sidebar.post('/sidebar/getCustomerDetailInWechat', '侧边栏：当前聊天的企微客户及其线索', {
    body: z.object({
      externalUserid: z
        .string({ error: '缺少外部联系人 ID' })
        .trim()
        .min(1, '缺少外部联系人 ID')
        .max(64, '外部联系人 ID 不正确'),
    }),
    answer: SidebarContact,
  }),
  getCustomerInfoByClueIdNew: sidebar.post('/sidebar/getCustomerInfoByClueIdNew', '侧边栏：客户信息、最近通话与跟进', {
    body: ClueOnly,
    answer: z.object({ customer: AiCustomerRow, calls: z.array(Interaction), follows: z.array(Interaction) }),
  }),
  getAiCommBriefing: sidebar.post('/sidebar/getAiCommBriefing', '侧边栏：AI 沟通摘要与风险', {
    body: ClueOnly,
    answer: z.object({ briefing: Briefing, risks: z.array(RiskItem) }),
  }),
};
