import { contract } from '@crm/core/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addLead } from '../../test/analysis';
import { type TestOrg, useTestApp } from '../../test/harness';
import { ok, refused } from '../../test/org';
import { fixture, pushMessage, pushSigned, savedTxtChat, uploadExport } from './conversationTest';

process.env.CONVERSATION_ANALYSIS_QUIET_SECONDS = '1';

const m = contract.msg;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('conversations', () => {
  const t = useTestApp();
  let org: TestOrg;
  let other: TestOrg;
  let chatId: number;

  beforeAll(async () => {
    org = await t().newOrg();
    other = await t().newOrg();
    chatId = await savedTxtChat(t(), org.seat.token);
  });

  it('answers code 10 without a session on every call that needs one', async () => {
    const calls = [
      [m.chatList, {}],
      [m.msgList, { chatId: 1 }],
      [m.searchMsg, { keyword: 'x' }],
      [m.searchChatCount, { keyword: 'x' }],
      [m.chatAnalyzeDetail, { chatId: 1 }],
      [m.shareChat, { chatId: 1 }],
      [contract.weixin.saveWeiXinWord, { importId: 1, staffSender: 'x' }],
      [contract.wxuser.pagelist, {}],
      [contract.wxuser.bindUser, { id: 1, userId: null }],
      [contract.wxcustomer.pagelist, {}],
      [contract.wxcustomer.bindClue, { id: 1, clueId: null }],
      [contract.wxcustomer.toClue, { id: 1 }],
      [contract.wechatAssistant.selectOrgWechatAssistant, undefined],
      [contract.wechatAssistant.saveOrgWechatAssistant, { name: 'x' }],
      [contract.wechatAssistant.deleteOrgWechatAssistant, { id: 1 }],
    ] as const;
    for (const [c, body] of calls) {
      const res = await t().callRaw(c, body, { token: null });
      expect(`${c.path} ${res.status} ${res.code}`).toBe(`${c.path} 401 10`);
    }
    const up = await uploadExport(t(), '', 'a.txt', fixture('chat.txt'));
    expect(up.code).toBe(10);
  });

  it('uploadWeiXinWord previews each format; bad files are refused; save stores once', async () => {
    for (const [name, count] of [
      ['a.txt', 6],
      ['b.csv', 6],
      ['c.html', 4],
      ['d.docx', 4],
    ] as const) {
      const up = await uploadExport(t(), org.seat.token, name, fixture(`chat.${name.split('.')[1]}`));
      expect(up.code, up.msg).toBe(1);
      expect(up.data.messageCount).toBe(count);
      expect(up.data.messages[0].sender).toBeTruthy();
    }
    const bad = await uploadExport(t(), org.seat.token, 'x.pdf', Buffer.from('x'));
    expect([bad.status, bad.msg]).toEqual([400, '仅支持 .docx、.txt、.html、.csv 格式的聊天记录']);
    const empty = await uploadExport(t(), org.seat.token, 'x.txt', Buffer.from('nothing to read'));
    expect([empty.status, empty.msg]).toEqual([400, '未能从文件中解析出聊天记录，请确认导出格式']);
    refused(await t().post('/api/backend/weixin/uploadWeiXinWord', {}, { token: org.seat.token }), 400, /multipart/);

    const up = await uploadExport(t(), org.seat.token, 'c.csv', fixture('chat.csv'));
    expect(up.data.senders.map((s: { name: string }) => s.name).sort()).toEqual(['小张', '陈先生']);
    const save = (body: object, token = org.seat.token) => t().callRaw(contract.weixin.saveWeiXinWord, body, { token });
    refused(await save({ importId: up.data.importId, staffSender: '' }), 400, '请输入员工昵称');
    refused(await save({ importId: up.data.importId, staffSender: '某人' }), 400, '所选员工昵称不在聊天记录中');
    refused(await save({ importId: up.data.importId, staffSender: '小张' }, other.seat.token), 404, '上传记录不存在');
    const saved = ok(await save({ importId: up.data.importId, staffSender: '小张' }));
    expect(saved).toMatchObject({ stored: 6, skipped: 0 });
    refused(await save({ importId: up.data.importId, staffSender: '小张' }), 409, '该聊天记录已保存');
    // the same export again: every message is already stored
    const again = await uploadExport(t(), org.seat.token, 'c.csv', fixture('chat.csv'));
    expect(ok(await save({ importId: again.data.importId, staffSender: '小张' }))).toMatchObject({
      chatId: saved.chatId,
      stored: 0,
      skipped: 6,
    });
  });

  it('chatList and msgList follow the data scope; another organisation sees nothing', async () => {
    const mine = ok(await t().call(m.chatList, {}, { token: org.seat.token }));
    const row = mine.lists.find((c) => c.id === chatId)!;
    expect(row).toMatchObject({ channelName: '个人微信', staffName: '李顾问', customerName: '王女士', msgCount: 6 });
    expect(row.lastMsg).toBe('行，周六上午10点见');
    expect(ok(await t().call(m.chatList, {}, { token: org.admin.token })).lists.some((c) => c.id === chatId)).toBe(
      true,
    );
    expect(ok(await t().call(m.chatList, {}, { token: org.otherSeat.token })).total).toBe(0);
    expect(ok(await t().call(m.chatList, { keyword: '王女' }, { token: org.seat.token })).total).toBe(1);
    expect(ok(await t().call(m.chatList, { channel: 1 }, { token: org.seat.token })).total).toBe(0);
    refused(await t().callRaw(m.chatList, { channel: 3 }, { token: org.seat.token }), 400, /渠道只能是/);

    const page = ok(await t().call(m.msgList, { chatId, limit: 4 }, { token: org.seat.token }));
    expect(page.messages.map((x) => x.type)).toEqual(['image', 'voice', 'text', 'text']);
    expect(page.hasMore).toBe(true);
    const older = ok(await t().call(m.msgList, { chatId, beforeId: page.messages[0].id }, { token: org.seat.token }));
    expect(older.messages.map((x) => x.sender)).toEqual(['李顾问', '王女士']);
    expect(older.messages[0].fromStaff).toBe(true);
    refused(await t().callRaw(m.msgList, { chatId, limit: 500 }, { token: org.seat.token }), 400, '条数不能大于 200');
    refused(await t().callRaw(m.msgList, { chatId }, { token: org.otherSeat.token }), 404, '会话不存在');
    refused(await t().callRaw(m.msgList, { chatId }, { token: other.admin.token }), 404, '会话不存在');
  });

  it('searchMsg finds jieba words within the scope, highlighted, and opens at the message; counts are exact', async () => {
    const hits = ok(await t().call(m.searchMsg, { keyword: '试听' }, { token: org.seat.token }));
    expect(hits.total).toBe(1);
    expect(hits.lists[0]).toMatchObject({ chatId, customerName: '王女士', words: ['试听'] });
    expect(hits.lists[0].content).toContain('带孩子来试听');
    const around = ok(
      await t().call(m.msgList, { chatId, aroundId: hits.lists[0].id, limit: 2 }, { token: org.seat.token }),
    );
    expect(around.messages.map((x) => x.id)).toContain(hits.lists[0].id);
    expect(ok(await t().call(m.searchChatCount, { keyword: '多少钱' }, { token: org.seat.token }))).toEqual({
      chatCount: 1,
      messageCount: 1,
    });
    expect(ok(await t().call(m.searchChatCount, { keyword: '别家' }, { token: org.seat.token })).chatCount).toBe(1);
    expect(ok(await t().call(m.searchChatCount, { keyword: '多少钱' }, { token: org.otherSeat.token })).chatCount).toBe(
      0,
    );
    expect(ok(await t().call(m.searchChatCount, { keyword: '多少钱' }, { token: other.admin.token })).chatCount).toBe(
      0,
    );
    refused(await t().callRaw(m.searchMsg, { keyword: ' ' }, { token: org.seat.token }), 400, '请输入搜索关键词');
  });

  it('chatAnalyzeDetail: the analyser on the chat, each finding quoting its message; key moments as ai_chat_key', async () => {
    ok(
      await t().call(
        contract.aiSetting.saveMsgPush,
        { items: [{ msgType: 'ai_chat_key', enabled: true, toOwner: true, toManager: false }] },
        { token: org.admin.token },
      ),
    );
    const d = ok(await t().call(m.chatAnalyzeDetail, { chatId, refresh: 1 }, { token: org.seat.token }));
    expect(d.status).toBe(1);
    expect(d.msgCount).toBe(6);
    const kinds = d.keyMoments.map((k) => k.kind);
    expect(kinds).toContain('price');
    expect(kinds).toContain('appointment');
    const price = d.keyMoments.find((k) => k.kind === 'price')!;
    expect(price).toMatchObject({ label: '客户询价', sender: '王女士', time: '2024-03-01 10:02:15' });
    expect(price.messageId).toBeGreaterThan(0);
    expect(d.intention).not.toBeNull();
    expect(d.summary).toBeTruthy();
    const msgs = ok(
      await t().call(contract.notice.messages, { kind: 'ai', msgType: 'ai_chat_key' }, { token: org.seat.token }),
    );
    expect(msgs.lists.some((x) => x.title === '会话要点：客户询价')).toBe(true);
    // analysed again with nothing new: no second message
    ok(await t().call(m.chatAnalyzeDetail, { chatId, refresh: 1 }, { token: org.seat.token }));
    const again = ok(
      await t().call(contract.notice.messages, { kind: 'ai', msgType: 'ai_chat_key' }, { token: org.seat.token }),
    );
    expect(again.total).toBe(msgs.total);
    refused(await t().callRaw(m.chatAnalyzeDetail, { chatId }, { token: other.admin.token }), 404, '会话不存在');
    refused(await t().callRaw(m.chatAnalyzeDetail, { chatId: 'x' }, { token: org.seat.token }), 400);
  });

  it('a chat shared on /we opens with its token only; a forged token is refused', async () => {
    const share = ok(await t().call(m.shareChat, { chatId }, { token: org.seat.token }));
    expect(share.path).toMatch(/^\/we\?token=/);
    const pub = ok(await t().call(m.publicChat, { token: share.token }, { token: null }));
    expect(pub.chat.customerName).toBe('王女士');
    expect(pub.messages).toHaveLength(6);
    refused(await t().callRaw(m.publicChat, { token: `${share.token}x` }, { token: null }), 401);
    refused(await t().callRaw(m.shareChat, { chatId }, { token: other.admin.token }), 404);
  });

  it('assistants: one token each, signed pushes stored once, forged or stale ones refused', async () => {
    const a = contract.wechatAssistant;
    refused(await t().callRaw(a.saveOrgWechatAssistant, { name: 'x' }, { token: org.seat.token }), 403);
    refused(
      await t().callRaw(a.saveOrgWechatAssistant, { name: '' }, { token: org.admin.token }),
      400,
      '请输入助手名称',
    );
    const made = ok(await t().call(a.saveOrgWechatAssistant, { name: '前台助手' }, { token: org.admin.token }));
    expect(made.token).toMatch(/^wxa_/);
    const list = ok(await t().call(a.selectOrgWechatAssistant, undefined, { token: org.admin.token }));
    expect(list.map((x) => x.name)).toEqual(['前台助手']);
    expect(JSON.stringify(list)).not.toContain(made.token);
    expect(ok(await t().call(a.selectOrgWechatAssistant, undefined, { token: other.admin.token }))).toEqual([]);

    const image = Buffer.from('fake-jpeg-bytes');
    const body = {
      messages: [
        pushMessage('m1', false, '你们这个保险一年多少钱'),
        pushMessage('m2', true, '您好，一年 3000 元', '2024-05-01 09:01:00'),
        { ...pushMessage('m3', false, '', '2024-05-01 09:02:00'), type: 'image', media: image.toString('base64') },
      ],
    };
    const res = await pushSigned(t(), { id: made.id, token: made.token }, body);
    expect(res.code, res.msg).toBe(1);
    expect(res.data).toEqual({ received: 3, stored: 3 });
    expect((await pushSigned(t(), { id: made.id, token: made.token }, body)).data).toEqual({ received: 3, stored: 0 });

    const forged = await pushSigned(t(), { id: made.id, token: 'wxa_forged' }, body);
    expect([forged.status, forged.msg]).toEqual([403, '签名校验失败：签名错误']);
    const stale = await pushSigned(
      t(),
      { id: made.id, token: made.token, timestamp: String(Date.now() - 3600_000) },
      body,
    );
    expect(stale.msg).toBe('签名校验失败：时间戳已过期');
    const invalid = await pushSigned(t(), { id: made.id, token: made.token }, { messages: [{ msgid: 'x' }] });
    expect(invalid.status).toBe(400);

    // the pushed chat belongs to nobody yet: the administrator sees it, the seat does not
    const chats = ok(await t().call(m.chatList, { keyword: '周先生' }, { token: org.admin.token }));
    expect(chats.lists[0]).toMatchObject({ staffName: '小李', customerName: '周先生', msgCount: 3 });
    expect(ok(await t().call(m.chatList, { keyword: '周先生' }, { token: org.seat.token })).total).toBe(0);
    const msgs = ok(await t().call(m.msgList, { chatId: chats.lists[0].id }, { token: org.admin.token }));
    const img = msgs.messages.find((x) => x.type === 'image')!;
    const got = await t().built.app.inject({ method: 'GET', url: img.mediaUrl! });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(image)).toBe(true);

    ok(await t().call(a.deleteOrgWechatAssistant, { id: made.id }, { token: org.admin.token }));
    expect((await pushSigned(t(), { id: made.id, token: made.token }, body)).status).toBe(403);
    refused(await t().callRaw(a.deleteOrgWechatAssistant, { id: made.id }, { token: other.admin.token }), 404);
  });

  it('个微员工 and 个微客户: matched by hand to users and leads; a lead made from a contact keeps its import way', async () => {
    const accounts = ok(await t().call(contract.wxuser.pagelist, { keyword: '小李' }, { token: org.admin.token }));
    const acc = accounts.lists[0];
    expect(acc).toMatchObject({ wxid: 'wxid_staff01', userId: null, matchWayName: '未绑定' });
    refused(
      await t().callRaw(contract.wxuser.bindUser, { id: acc.id, userId: org.seat.userId }, { token: org.seat.token }),
      403,
    );
    refused(
      await t().callRaw(
        contract.wxuser.bindUser,
        { id: acc.id, userId: other.seat.userId },
        { token: org.admin.token },
      ),
      400,
      '系统用户不存在',
    );
    refused(
      await t().callRaw(
        contract.wxuser.bindUser,
        { id: acc.id, userId: org.seat.userId },
        { token: other.admin.token },
      ),
      404,
    );
    const bound = ok(
      await t().call(contract.wxuser.bindUser, { id: acc.id, userId: org.seat.userId }, { token: org.admin.token }),
    );
    expect(bound).toMatchObject({ userId: org.seat.userId, matchWayName: '手动绑定', chatCount: 1 });
    // the account's chat is now the seat's
    expect(ok(await t().call(m.chatList, { keyword: '周先生' }, { token: org.seat.token })).total).toBe(1);

    const contacts = ok(await t().call(contract.wxcustomer.pagelist, { keyword: '周先生' }, { token: org.seat.token }));
    const c = contacts.lists[0];
    expect(c).toMatchObject({ wxid: 'wxid_cust01', importWay: 10, clueId: null, accountName: '小李' });
    expect(ok(await t().call(contract.wxcustomer.pagelist, {}, { token: other.admin.token })).total).toBe(0);
    refused(
      await t().callRaw(contract.wxcustomer.toClue, { id: c.id }, { token: org.seat.token }),
      400,
      '请输入手机号',
    );
    refused(
      await t().callRaw(contract.wxcustomer.toClue, { id: c.id, phone: '123' }, { token: org.seat.token }),
      400,
      '请输入正确的 11 位手机号',
    );
    const phone = `139${String(Date.now()).slice(-8)}`;
    const made = ok(await t().call(contract.wxcustomer.toClue, { id: c.id, phone }, { token: org.seat.token }));
    expect(made.clueId).toBeGreaterThan(0);
    expect(made.clueName).toBe('周先生');
    refused(await t().callRaw(contract.wxcustomer.toClue, { id: c.id, phone }, { token: org.seat.token }), 409);
    const lead = await t().post(
      '/api/robot/organizationClue/detail',
      { clueId: made.clueId },
      { token: org.seat.token },
    );
    expect(lead.data?.importWay ?? lead.data?.clue?.importWay).toBe(10);

    const other1 = await addLead(t(), org.seat.token, '另一个客户');
    const rebound = ok(
      await t().call(contract.wxcustomer.bindClue, { id: c.id, clueId: other1 }, { token: org.seat.token }),
    );
    expect(rebound).toMatchObject({ clueId: other1, matchWayName: '手动绑定' });
    refused(
      await t().callRaw(contract.wxcustomer.bindClue, { id: c.id, clueId: 99_999_999 }, { token: org.seat.token }),
      404,
    );
    refused(
      await t().callRaw(contract.wxcustomer.bindClue, { id: c.id, clueId: null }, { token: other.admin.token }),
      404,
    );
    expect(
      ok(await t().call(contract.wxcustomer.bindClue, { id: c.id, clueId: null }, { token: org.seat.token })),
    ).toMatchObject({ clueId: null, matchWayName: '未绑定' });
  });

  it('a contact arriving with the phone of a lead is matched to it; the chat is then the lead owner’s', async () => {
    const phone = `137${String(Date.now()).slice(-8)}`;
    const res = await t().post('/api/robot/organizationClue/add', { name: '钱女士', phone }, { token: org.seat.token });
    const id = await savedTxtChat(t(), org.otherSeat.token, phone);
    const mine = ok(await t().call(m.chatList, { clueId: res.data.clueId }, { token: org.seat.token }));
    expect(mine.lists.map((x) => x.id)).toEqual([id]);
    const contact = ok(await t().call(contract.wxcustomer.pagelist, { keyword: phone }, { token: org.admin.token }));
    expect(contact.lists[0]).toMatchObject({ clueId: res.data.clueId, matchWayName: '手机号匹配', importWay: 12 });
  });

  it('new messages queue one analysis per quiet period', async () => {
    const made = ok(
      await t().call(contract.wechatAssistant.saveOrgWechatAssistant, { name: '二号' }, { token: org.admin.token }),
    );
    const body = (n: number) => ({
      messages: [
        { ...pushMessage(`q${n}`, false, `我们已经签了别家 ${n}`), contactWxid: 'wxid_quiet', contactName: '吴先生' },
      ],
    });
    await pushSigned(t(), { id: made.id, token: made.token }, body(1));
    await pushSigned(t(), { id: made.id, token: made.token }, body(2));
    const chat = ok(await t().call(m.chatList, { keyword: '吴先生' }, { token: org.admin.token })).lists[0];
    let d = ok(await t().call(m.chatAnalyzeDetail, { chatId: chat.id }, { token: org.admin.token }));
    for (let i = 0; i < 40 && d.status === 0; i++) {
      await sleep(250);
      d = ok(await t().call(m.chatAnalyzeDetail, { chatId: chat.id }, { token: org.admin.token }));
    }
    expect(d.status).toBe(1);
    expect(d.msgCount).toBe(2);
    expect(d.keyMoments.map((k) => k.kind)).toContain('competitor');
  });
});
