import { randomBytes } from 'node:crypto';
import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { type TestApp, type TestOrg, type TestUser, useTestApp } from '../../test/harness';
import { customRoleUser } from '../../test/org';
import { multipart } from '../../test/recording';
import { recording } from './schema';

// Who may score calls and give recordings to someone else, and how far the list filters reach (issue "Hardening").
// The recordings are rows made directly (no audio tools needed): what is tested is who may write them.
delete process.env.ASR_ENGINE;

const B = '/api/backend';
const R = '/api/robot';

async function addRecording(t: TestApp, org: TestOrg, owner: TestUser): Promise<number> {
  const [row] = await t.ctx.db
    .insert(recording)
    .values({
      organizationId: org.orgId,
      fileName: '通话.wav',
      ext: 'wav',
      fileKey: `test/${randomBytes(6).toString('hex')}.wav`,
      hash: randomBytes(16).toString('hex'),
      size: 1000,
      durationMs: 5000,
      callTime: new Date(),
      ownerUserId: owner.userId,
      uploadedBy: owner.userId,
      asrStatus: 5,
    })
    .returning({ id: recording.id });
  return row.id;
}

/** A multipart upload: the owner and lead are checked before the file is looked at. */
function upload(t: TestApp, token: string, fields: Record<string, string | number>) {
  const { body, headers } = multipart(fields, [{ fileName: '通话.wav', data: Buffer.from('RIFF0000WAVEfmt ') }]);
  return t.callRaw(contract.recording.upload, body, { token, headers });
}

const ownerOf = async (t: TestApp, org: TestOrg, id: number) =>
  (await t.ctx.services.recording.getInOrg(org.orgId, id))?.ownerUserId;

describe('recording: scoring and reassigning take a manager sign and stay within the data scope', () => {
  const t = useTestApp({ START_JOBS: 'false' });
  let org: TestOrg;
  let mine: number;

  it('a seat cannot score calls, not even its own; a manager (quality:edit) scores those it manages', async () => {
    org = await t().newOrg();
    mine = await addRecording(t(), org, org.seat);
    const bySeat = await t().call(
      contract.recording.saveQuality,
      { id: mine, qualityScore: 100, qualityRemark: '自评满分' },
      { token: org.seat.token },
    );
    expect(`${bySeat.status} ${bySeat.code} ${bySeat.msg}`).toBe('403 403 无权限访问');
    expect((await t().ctx.services.recording.getInOrg(org.orgId, mine))?.qualityScore).toBeNull();
    const byManager = await t().call(
      contract.recording.saveQuality,
      { id: mine, qualityScore: 72, qualityRemark: '开场白不规范' },
      { token: org.manager.token },
    );
    expect(byManager.code, byManager.msg).toBe(1);
    expect((await t().ctx.services.recording.getInOrg(org.orgId, mine))?.qualityScore).toBe(72);
    // a manager sees no other department's calls: scoring one reads as absent
    const theirs = await addRecording(t(), org, org.otherSeat);
    const foreign = await t().call(
      contract.recording.saveQuality,
      { id: theirs, qualityScore: 10 },
      { token: org.manager.token },
    );
    expect(foreign.status).toBe(404);
  });

  it('a seat cannot hand its recordings to another user (bind, batch, or owner on upload); claiming its own is fine', async () => {
    for (const path of ['/headset/bindUser', '/headset/editBindUserIdByIds']) {
      for (const userId of [org.otherSeat.userId, org.manager.userId]) {
        const res = await t().post(`${B}${path}`, { ids: [mine], userId }, { token: org.seat.token });
        expect(`${path} ${res.status} ${res.code}`).toBe(`${path} 403 403`);
        expect(res.msg).toContain('无权限');
      }
    }
    expect(await ownerOf(t(), org, mine)).toBe(org.seat.userId);
    const self = await t().call(
      contract.recording.bindUser,
      { ids: [mine], userId: org.seat.userId },
      { token: org.seat.token },
    );
    expect(self.code, self.msg).toBe(1);

    const given = await upload(t(), org.seat.token, { ownerUserId: org.otherSeat.userId });
    expect(`${given.status} ${given.msg}`).toBe('403 无权限把录音分配给其他员工');
    const chunked = await t().call(
      contract.recording.initChunkUpload,
      { fileName: 'x.wav', size: 1000, md5: 'c'.repeat(32), ownerUserId: org.manager.userId },
      { token: org.seat.token },
    );
    expect(`${chunked.status} ${chunked.msg}`).toBe('403 无权限把录音分配给其他员工');
    const own = await t().call(
      contract.recording.initChunkUpload,
      { fileName: 'x.wav', size: 1000, md5: 'c'.repeat(32), ownerUserId: org.seat.userId },
      { token: org.seat.token },
    );
    expect(own.code, own.msg).toBe(1);
  });

  it('a role that may upload but not reassign cannot take over recordings it sees', async () => {
    const uploader = await customRoleUser(t(), org, {
      functionSigns: ['recording:view', 'recording:upload'],
      dataScope: 2,
    });
    const res = await t().call(
      contract.recording.bindUser,
      { ids: [mine], userId: uploader.userId },
      { token: uploader.token },
    );
    expect(`${res.status} ${res.msg}`).toBe('403 无权限修改录音归属');
    expect(await ownerOf(t(), org, mine)).toBe(org.seat.userId);
  });

  it('a manager (recording:assign) reassigns within its data scope; a user outside it is refused as target', async () => {
    const bind = (userId: number, token = org.manager.token) =>
      t().call(contract.recording.editBindUser, { ids: [mine], userId }, { token });
    const toManager = await bind(org.manager.userId);
    expect(toManager.code, toManager.msg).toBe(1);
    expect(await ownerOf(t(), org, mine)).toBe(org.manager.userId);
    expect((await bind(org.seat.userId)).code).toBe(1);
    const outside = await bind(org.otherSeat.userId);
    expect(`${outside.status} ${outside.msg}`).toBe('403 不能把录音分配给数据权限以外的员工');
    expect(await ownerOf(t(), org, mine)).toBe(org.seat.userId);
    const outsideOnUpload = await upload(t(), org.manager.token, { ownerUserId: org.otherSeat.userId });
    expect(`${outsideOnUpload.status} ${outsideOnUpload.msg}`).toBe('403 不能把录音分配给数据权限以外的员工');
    // the organisation-wide admin may
    expect((await bind(org.otherSeat.userId, org.admin.token)).code).toBe(1);
    expect(await ownerOf(t(), org, mine)).toBe(org.otherSeat.userId);
    expect((await bind(org.seat.userId, org.admin.token)).code).toBe(1);
  });

  it("binding to a lead: one outside the caller's data scope reads as absent", async () => {
    const lead = async (token: string, phone: string) => {
      const res = await t().call(contract.clue.add, { name: '客户', phone }, { token });
      expect(res.code, res.msg).toBe(1);
      return (res.data.id ?? res.data.clueId) as number;
    };
    const theirs = await lead(org.otherSeat.token, '13700137001');
    const own = await lead(org.seat.token, '13700137002');
    const refused = await t().call(
      contract.recording.bindClue,
      { ids: [mine], clueId: theirs },
      { token: org.seat.token },
    );
    expect(`${refused.status} ${refused.msg}`).toBe('404 线索不存在');
    const ok = await t().call(contract.recording.bindClue, { ids: [mine], clueId: own }, { token: org.seat.token });
    expect(ok.code, ok.msg).toBe(1);
  });

  it('starting, re-running or correcting a transcription is a write: a view-only role is refused', async () => {
    const viewer = await customRoleUser(t(), org, { functionSigns: ['recording:view'], dataScope: 2 });
    for (const path of ['asrCreate', 'asrRerun', 'asrRole']) {
      const res = await t().post(`${R}/recording/v1/${path}`, { id: mine }, { token: viewer.token });
      expect(`${path} ${res.status}`).toBe(`${path} 403`);
    }
    // reading stays open to it
    expect((await t().call(contract.asr.get, { id: mine }, { token: viewer.token })).code).toBe(1);
  });

  it('out-of-range filter values answer a Chinese validation error, never 500', async () => {
    const post = (path: string, body: object) => t().post(path, body, { token: org.admin.token });
    const list = (body: object) => post(`${R}/recording/v1/pagelist`, { pageNum: 1, pageSize: 10, ...body });
    const exported = (body: object) => post(`${R}/recording/v1/export`, { pageNum: 1, pageSize: 10, ...body });
    for (const call of [list, exported]) {
      for (const body of [{ durationMin: 3000000 }, { durationMax: 3000000 }, { durationMin: '3000000秒' }]) {
        const res = await call(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.code).toBe(400);
        expect(res.msg).toMatch(/^最(短|长)时长应在 0-604800 秒之间（最长 7 天）$/);
      }
    }
    // the largest allowed bound is answered (nothing that long)
    const longest = await list({ durationMin: 604800 });
    expect(longest.code, longest.msg).toBe(1);
    expect(longest.data.total).toBe(0);
    const bad: [string, object, string][] = [
      [`${R}/recording/v1/pagelist`, { ownerUserIds: [3000000000] }, 'ownerUserIds.0'],
      [`${R}/recording/v1/pagelist`, { source: [40000] }, 'source.0'],
      [`${R}/recording/v1/pagelist`, { asrStatus: 99999 }, 'asrStatus.0'],
      [`${R}/recording/v1/pagelist`, { clueId: 3000000000 }, 'clueId'],
      [`${R}/recording/v1/pagelist`, { pageNum: 1e12 }, 'pageNum'],
      [`${R}/recording/v1/export`, { ids: [3000000000] }, 'ids.0'],
      [`${R}/recording/v1/saveQuality`, { id: 3000000000, qualityScore: 1 }, 'id'],
      [`${B}/headset/bindUser`, { ids: [mine], userId: 3000000000 }, 'userId'],
      [`${B}/headset/bindClue`, { ids: [mine], clueId: 3000000000 }, 'clueId'],
      [`${B}/aiVoiceUploadLog/pagelist`, { result: 40000 }, 'result'],
      [`${B}/asrRecord/pagelist`, { recordingId: 3000000000 }, 'recordingId'],
      [`${B}/asrRecord/pagelist`, { status: 40000 }, 'status'],
      [`${R}/recording/v1/asrGet`, { id: 3000000000 }, 'id'],
    ];
    for (const [path, body, field] of bad) {
      const res = await post(path, body);
      expect(`${path} ${JSON.stringify(body)} ${res.status}`).toBe(`${path} ${JSON.stringify(body)} 400`);
      // the message names the field in Chinese; the key is given to the form beside it
      const named = res.data as { errors?: { field: string }[]; field?: string } | null;
      expect(named?.errors?.[0]?.field ?? named?.field, res.msg).toBe(field);
      expect(res.msg, field).not.toMatch(/[A-Za-z]/);
    }
  });
});
