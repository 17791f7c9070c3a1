import { contract } from '@crm/core/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestOrg, useTestApp } from '../../test/harness';
import { ok, refused } from '../../test/org';
import { ArchivePull, archiveStatus } from './archivePull';
import { saveArchive } from './archiveSettings';
import { chatArchive, chatArchiveFailure, chatMessage } from './schema';
import { ChatStore } from './store';
import { archiveKeyPair, chatDataItem, FakeFinance, hasGcc, textMessage } from './testing/fakeFinance';

/** The chat archive pull against the fake Finance SDK (compiled with gcc), through the real koffi binding. */
describe.skipIf(!hasGcc())('chat archive (Finance SDK): gcc compiles the fake library', () => {
  const t = useTestApp();
  let org: TestOrg;
  let fake: FakeFinance;
  let pull: ArchivePull;
  const keys = archiveKeyPair();
  const stored = async () =>
    (await t().ctx.db.select().from(chatMessage).where(eq(chatMessage.organizationId, org.orgId))).filter((m) =>
      m.extId.startsWith('wa:'),
    );

  beforeAll(async () => {
    org = await t().newOrg();
    fake = new FakeFinance(keys.publicKey);
    pull = new ArchivePull(t().ctx, new ChatStore(t().ctx, async () => {}));
  });

  it('without WECOM_FINANCE_SDK_PATH the screen says what to install, and nothing is pulled', async () => {
    delete process.env.WECOM_FINANCE_SDK_PATH;
    const s = await archiveStatus(t().ctx.db, org.orgId);
    expect(s.sdkInstalled).toBe(false);
    expect(s.message).toContain('libWeWorkFinanceSdk_C.so');
    expect(s.message).toContain('WECOM_FINANCE_SDK_PATH');
    expect(await pull.pull(org.orgId)).toEqual({ stored: 0, failed: 0 });
  });

  it('pulls the fixture messages (text, image in 512 KB pieces, file, revoke), again adds nothing', async () => {
    Object.assign(process.env, fake.env());
    await saveArchive(t().ctx.db, org.orgId, {
      corpId: 'wwfake',
      secret: 'archive-secret',
      privateKey: keys.privateKey,
      staffConsent: true,
    });
    const image = Buffer.alloc(1300 * 1024, 7);
    fake.addMedia('img1', image);
    fake.add([
      textMessage('m1', 'zhangsan', 'wmCust1', '您好，课程六千八'),
      textMessage('m2', 'zhangsan', 'wmCust1', '有没有优惠', false),
      { ...textMessage('m3', 'zhangsan', 'wmCust1', ''), msgtype: 'image', image: { sdkfileid: 'img1' } },
      {
        ...textMessage('m4', 'lisi', 'wmCust2', ''),
        msgtype: 'file',
        file: { sdkfileid: 'nofile', filename: 'a.pdf' },
      },
      { msgid: 'm5', action: 'switch', msgtype: 'switch', time: 1 },
    ]);
    expect(await pull.pull(org.orgId)).toEqual({ stored: 4, failed: 0 });
    const rows = await stored();
    expect(rows.map((r) => r.content).sort()).toEqual(['', 'a.pdf', '您好，课程六千八', '有没有优惠'].sort());
    const img = rows.find((r) => r.type === 'image')!;
    const saved = Buffer.concat(await (await t().ctx.storage.get(img.mediaKey!)).toArray());
    expect(saved.equals(image)).toBe(true);
    expect(rows.find((r) => r.type === 'file')!.mediaKey).toBeNull(); // expired at WeCom: kept without media
    const [a] = await t().ctx.db.select().from(chatArchive).where(eq(chatArchive.organizationId, org.orgId));
    expect(a.lastSeq).toBe(5);

    expect(await pull.pull(org.orgId)).toEqual({ stored: 0, failed: 0 });
    // the seq rewound (a pull killed after storing, before its seq): the msgids keep each message once
    await t().ctx.db.update(chatArchive).set({ lastSeq: 0 }).where(eq(chatArchive.organizationId, org.orgId));
    expect(await pull.pull(org.orgId)).toEqual({ stored: 0, failed: 0 });
    expect((await stored()).length).toBe(4);
  });

  it('a message whose key does not open with the saved private key is reported, not lost', async () => {
    const other = archiveKeyPair();
    fake.add([textMessage('bad1', 'zhangsan', 'wmCust1', '错误的公钥')], (seq, m) =>
      chatDataItem(seq, m, other.publicKey),
    );
    fake.add([textMessage('m6', 'zhangsan', 'wmCust1', '之后的消息照常')]);
    expect(await pull.pull(org.orgId)).toEqual({ stored: 1, failed: 1 });
    const failures = await t()
      .ctx.db.select()
      .from(chatArchiveFailure)
      .where(eq(chatArchiveFailure.organizationId, org.orgId));
    expect(failures.map((f) => [f.msgid, f.seq])).toEqual([['bad1', 6]]);
    expect(failures[0].reason).toContain('无法解密');
    expect((failures[0].item as { encrypt_chat_msg: string }).encrypt_chat_msg).toBeTruthy();
    expect((await archiveStatus(t().ctx.db, org.orgId)).failedCount).toBe(1);
  });

  it('archiveStatus and saveArchiveConfig: a seat reads the state, only an admin saves, a bad key is refused', async () => {
    const status = ok(await t().call(contract.msg.archiveStatus, undefined, { token: org.seat.token }));
    expect(status).toMatchObject({ sdkInstalled: true, configured: true, open: true, lastSeq: 7, failedCount: 1 });
    refused(await t().call(contract.msg.saveArchiveConfig, { corpId: 'wwfake' }, { token: org.seat.token }), 403);
    const bad = await t().call(
      contract.msg.saveArchiveConfig,
      { corpId: 'wwfake', privateKey: 'not a key' },
      { token: org.admin.token },
    );
    refused(bad, 400, '私钥不正确');
    const off = ok(
      await t().call(contract.msg.saveArchiveConfig, { corpId: 'wwfake', open: 2 }, { token: org.admin.token }),
    );
    expect(off).toMatchObject({ configured: true, open: false });
    // switching it on again needs the confirmation of the staff's consent
    refused(
      await t().call(contract.msg.saveArchiveConfig, { corpId: 'wwfake', open: 1 }, { token: org.admin.token }),
      400,
      '请确认已告知员工并取得其同意',
    );
    const on = ok(
      await t().call(
        contract.msg.saveArchiveConfig,
        { corpId: 'wwfake', open: 1, staffConsent: 1 },
        { token: org.admin.token },
      ),
    );
    expect(on).toMatchObject({ configured: true, open: true });
  });

  it('the secret and the private key are sealed at rest', async () => {
    const [a] = await t().ctx.db.select().from(chatArchive).where(eq(chatArchive.organizationId, org.orgId));
    expect(a.privateKey).not.toContain('PRIVATE KEY');
    expect(a.secret).not.toBe('archive-secret');
  });
});
