import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contract } from '@crm/core/contract';
import type { TestApp } from '../../test/harness';
import { ok } from '../../test/org';
import { multipart } from '../../test/recording';
import { assistantSignature } from './assistants';

/** Helpers of the conversation tests (API, bench). */

export const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));

export async function uploadExport(t: TestApp, token: string, fileName: string, data: Buffer) {
  const { body, headers } = multipart({}, [{ fileName, data }]);
  const res = await t.built.app.inject({
    method: 'POST',
    url: '/api/backend/weixin/uploadWeiXinWord',
    payload: body,
    headers: { ...headers, authorization: `Bearer ${token}`, 'x-support-features': 'standard-HTTP-status' },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
}

/** Uploads the .txt sample and saves it as the seat's chat with 王女士: the chat's id. */
export async function savedTxtChat(t: TestApp, token: string, phone?: string): Promise<number> {
  const up = await uploadExport(t, token, '王女士.txt', fixture('chat.txt'));
  if (up.code !== 1) throw new Error(up.msg);
  return ok(
    await t.call(
      contract.weixin.saveWeiXinWord,
      { importId: up.data.importId, staffSender: '李顾问', contactPhone: phone },
      { token },
    ),
  ).chatId;
}

export interface PushOptions {
  id: number;
  token: string;
  timestamp?: string;
  signature?: string;
}

/** A signed push of an assistant, as its client sends it. */
export async function pushSigned(t: TestApp, a: PushOptions, body: unknown) {
  const raw = JSON.stringify(body);
  const ts = a.timestamp ?? String(Date.now());
  const res = await t.built.app.inject({
    method: 'POST',
    url: '/api/robot/assistant/pushMessages',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-support-features': 'standard-HTTP-status',
      'x-assistant-id': String(a.id),
      'x-timestamp': ts,
      'x-signature': a.signature ?? assistantSignature(a.token, ts, raw),
    },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
}

export const pushMessage = (msgid: string, fromStaff: boolean, content: string, time = '2024-05-01 09:00:00') => ({
  msgid,
  accountWxid: 'wxid_staff01',
  accountName: '小李',
  contactWxid: 'wxid_cust01',
  contactName: '周先生',
  fromStaff,
  time,
  type: 'text',
  content,
});
