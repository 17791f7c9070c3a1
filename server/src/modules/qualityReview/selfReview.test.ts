// No self-review (issue 24): nobody scores, reviews or decides an appeal on a call bound to themselves. The calls are
// written straight into the recording table (no audio needed: these checks read only who the call is bound to).
import { contract } from '@crm/core/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestOrg, useTestApp } from '../../test/harness';
import { B, ok, refused } from '../../test/org';

let seq = Math.floor(Math.random() * 1e6);

describe('no self-review', () => {
  const t = useTestApp();
  let org: TestOrg;
  const post = (path: string, body: object, token: string) => t().post(`${B}/aiCallCheck${path}`, body, { token });
  const saveQuality = (id: number, token: string) =>
    t().call(contract.recording.saveQuality, { id, qualityScore: 70, qualityRemark: '评分' }, { token });

  /** A recording bound to `owner` (or, with no owner, uploaded by `uploader`). */
  async function call(owner: number | null, uploader: number | null = owner): Promise<number> {
    const n = seq++;
    const res = await t().database.db.execute<{ id: number }>(sql`
      insert into recording (organization_id, file_name, ext, file_key, hash, size, owner_user_id, uploaded_by, call_time)
      values (${org.orgId}, ${`call${n}.wav`}, 'wav', ${`test/${n}.wav`}, ${String(n).padStart(32, '0')}, 1000,
        ${owner}, ${uploader}, now()) returning id`);
    return Number(res.rows[0].id);
  }
  const scoreOf = async (id: number) =>
    Number(
      (await t().database.db.execute<{ s: number }>(sql`select quality_score as s from recording where id = ${id}`))
        .rows[0].s,
    ) || null;

  beforeAll(async () => {
    org = await t().newOrg();
  });

  it('review and the recording list’s score: refused on one’s own call, nothing written; allowed on another’s', async () => {
    const own = await call(org.manager.userId);
    refused(await post('/review/save', { recordingId: own, score: 100 }, org.manager.token), 400, '不能评审自己的通话');
    refused(await saveQuality(own, org.manager.token), 400, '不能评审自己的通话');
    expect(await scoreOf(own)).toBe(null);
    expect(ok(await post('/history', { recordingId: own }, org.admin.token))).toEqual([]);
    // an upload given to nobody yet is its uploader's
    const unbound = await call(null, org.manager.userId);
    refused(await saveQuality(unbound, org.manager.token), 400, '不能评审自己的通话');
    // the super administrator is no exception
    const admins = await call(org.admin.userId);
    refused(await post('/review/save', { recordingId: admins, score: 90 }, org.admin.token), 400, '不能评审自己的通话');

    const seats = await call(org.seat.userId);
    ok(await post('/review/save', { recordingId: seats, score: 75 }, org.manager.token));
    ok(await saveQuality(seats, org.manager.token));
    ok(await post('/review/save', { recordingId: own, score: 50 }, org.admin.token));
    ok(await saveQuality(unbound, org.admin.token));
    expect(await scoreOf(own)).toBe(50);
  });

  it('appeals: the call’s owner may not decide its own, nor one on a call rebound to it; another may', async () => {
    const own = await call(org.manager.userId);
    ok(await post('/review/save', { recordingId: own, score: 50 }, org.admin.token));
    const appealId = ok(await post('/appeal/create', { recordingId: own, reason: '请复查' }, org.manager.token)).id;
    refused(
      await post('/appeal/decide', { id: appealId, accept: true, score: 100 }, org.manager.token),
      400,
      '不能处理自己通话的申诉',
    );
    expect(await scoreOf(own)).toBe(50);
    ok(await post('/appeal/decide', { id: appealId, accept: false, comment: '维持' }, org.admin.token));

    const seats = await call(org.seat.userId);
    ok(await post('/review/save', { recordingId: seats, score: 40 }, org.admin.token));
    const seatAppeal = ok(await post('/appeal/create', { recordingId: seats, reason: '有误' }, org.seat.token)).id;
    ok(
      await t().call(
        contract.recording.bindUser,
        { ids: [seats], userId: org.manager.userId },
        { token: org.admin.token },
      ),
    );
    refused(
      await post('/appeal/decide', { id: seatAppeal, accept: true, score: 90 }, org.manager.token),
      400,
      '不能处理自己通话的申诉',
    );
    refused(await saveQuality(seats, org.manager.token), 400, '不能评审自己的通话');
    expect(
      ok(await post('/appeal/decide', { id: seatAppeal, accept: true, score: 90 }, org.admin.token)),
    ).toMatchObject({ status: 2, score: 90 });
    expect(await scoreOf(seats)).toBe(90);
  });
});
