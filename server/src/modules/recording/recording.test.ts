import { writeFileSync } from 'node:fs';
import { contract } from '@crm/core/contract';
import type { UploadedFile } from '@crm/core/contract/recording';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type ApiResponse, type TestApp, type TestOrg, useTestApp } from '../../test/harness';
import { convert, multipart, read, speech, stereoCall, tempFile } from '../../test/recording';
import { hashFile } from './upload';

// No engine configured in this file: transcripts say so, metrics still run.
delete process.env.ASR_ENGINE;

const B = '/api/backend';
const R = '/api/robot';
const A = '/api/analysis';

async function upload(
  t: TestApp,
  token: string | null,
  path: string,
  fileName: string,
  fields: Record<string, string | number | undefined> = {},
) {
  const { body, headers } = multipart(fields, [{ fileName, data: read(path) }]);
  // one file: its answer is that file's (the call's answer also covers several)
  return t.callRaw(contract.recording.upload, body, { token, headers }) as Promise<ApiResponse<UploadedFile>>;
}

async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 30000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('recording: upload, dedup, bind, list, export, play', () => {
  const t = useTestApp();
  const call = stereoCall('您好，我是小王，请问您现在方便接听电话吗', '方便，你说吧', 3.5);
  const mono = speech('您好，这里是客服中心，请问有什么可以帮您');
  let org: TestOrg;
  let other: TestOrg;

  it('uploads a stereo recording: stored, probed, queued, logged; the org has it by md5', async () => {
    org = await t().newOrg();
    other = await t().newOrg();
    const res = await upload(t(), org.seat.token, call, '通话_13800138000_20240101.wav', {
      source: 1,
      callType: 1,
      callInfoId: 'call-1',
    });
    expect(res.code).toBe(1);
    expect(res.data.duplicate).toBe(false);
    expect(res.data.phone).toBe('13800138000');
    const id = res.data.recordId;
    const md5 = await hashFile(call, read(call).length);
    const check = await t().call(
      contract.recording.checkMd5,
      { md5, size: read(call).length },
      { token: org.seat.token },
    );
    expect(check.data).toMatchObject({ exists: true, recordId: id });
    const elsewhere = await t().call(contract.recording.checkMd5, { md5 }, { token: other.admin.token });
    expect(elsewhere.data.exists).toBe(false);
    const list = await t().call(contract.recording.list, { pageNum: 1, pageSize: 10 }, { token: org.seat.token });
    expect(list.data.total).toBe(1);
    const item = list.data.lists[0];
    expect(item).toMatchObject({
      id,
      channels: 2,
      source: 1,
      sourceName: '企业电话',
      callType: 1,
      callTypeName: '呼出',
      ownerUserId: org.seat.userId,
      ownerName: '坐席甲',
    });
    expect(item.durationMs).toBeGreaterThan(5000);
    // no engine configured: said plainly
    expect(item.asrStatus).toBe(5);
    expect(item.asrStatusName).toBe('未配置语音识别引擎');
    const byInfo = await t().call(contract.recording.recordIdByInfoId, { infoId: 'call-1' }, { token: org.seat.token });
    expect(byInfo.data.recordId).toBe(id);
    const log = await t().call(contract.recording.uploadLogs, { pageNum: 1, pageSize: 10 }, { token: org.seat.token });
    expect(log.data.lists[0]).toMatchObject({ result: 1, recordingId: id });
  });

  it('a duplicate is not stored again; a non-audio file and a wrong type are refused in Chinese', async () => {
    const dup = await upload(t(), org.seat.token, call, 'again.wav');
    expect(dup.code).toBe(1);
    expect(dup.data.duplicate).toBe(true);
    const txt = tempFile('fake.mp3');
    writeFileSync(txt, 'this is not audio at all '.repeat(100));
    const bad = await upload(t(), org.seat.token, txt, '伪装.mp3');
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('不是有效的音频文件');
    const exe = await upload(t(), org.seat.token, txt, 'a.exe');
    expect(exe.status).toBe(400);
    expect(exe.msg).toContain('类型不支持');
    const log = await t().call(contract.recording.uploadLogs, { pageNum: 1, pageSize: 10 }, { token: org.seat.token });
    expect(log.data.lists.map((l: any) => l.result).slice(0, 3)).toEqual([3, 3, 2]);
    const noFile = await t().callRaw(contract.recording.upload, multipart({ source: 1 }, []).body, {
      token: org.seat.token,
      headers: multipart({}, []).headers,
    });
    expect(noFile.status).toBe(400);
    const badMeta = await upload(t(), org.seat.token, mono, 'x.wav', { source: 9 });
    expect(badMeta.status).toBe(400);
    expect(badMeta.msg).toContain('录音来源');
  });

  it('every call answers code 10 without a session', async () => {
    const calls: [string, string][] = [
      ['POST', `${B}/headset/checkMd5`],
      ['POST', `${B}/headset/uploadRecording`],
      ['POST', `${B}/headset/initChunkUpload`],
      ['POST', `${B}/headset/uploadChunk`],
      ['POST', `${B}/headset/completeChunkUpload`],
      ['POST', `${B}/headset/bindClue`],
      ['POST', `${B}/headset/bindUser`],
      ['POST', `${B}/headset/editBindUserIdByIds`],
      ['POST', `${B}/headset/deleteRecordingUpload`],
      ['POST', `${B}/headset/batchDeleteRecordingUpload`],
      ['PUT', `${B}/aiVoiceUploadLog`],
      ['POST', `${B}/aiVoiceUploadLog/pagelist`],
      ['POST', `${B}/asrRecord/pagelist`],
      ['POST', `${B}/asrConfig/get`],
      ['POST', `${B}/asrConfig/save`],
      ['POST', `${R}/recording/v1/pagelist`],
      ['POST', `${R}/recording/v1/saveQuality`],
      ['POST', `${R}/recording/v1/export`],
      ['POST', `${R}/recording/v1/asrCreate`],
      ['POST', `${R}/recording/v1/asrGet`],
      ['POST', `${R}/recording/v1/asrText`],
      ['POST', `${R}/recording/v1/asrRole`],
      ['POST', `${R}/recording/v1/asrRerun`],
      ['GET', `${R}/recording/v1/getMaskId?recordId=1`],
      ['GET', `${R}/V1/ai/getRecordIdByInfoId?infoId=x`],
      ['GET', `${R}/recording/v1/play?id=1`],
      ['GET', `${A}/asr/V1/getAsrText?recordId=1`],
      ['GET', `${A}/asr/V1/getAsrTextForWechatType?recordId=1`],
      ['GET', `${A}/asr/V1/getAsrTextForPersonalWechat?recordId=1`],
    ];
    for (const [method, url] of calls) {
      const res = await t().built.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect(res.json().code, `${method} ${url}`).toBe(10);
    }
  });

  it('validation errors name the field, in Chinese', async () => {
    const bad = async (path: string, body: object, field: string) => {
      const r = await t().post(path, body, { token: org.admin.token });
      expect(r.status, path).toBe(400);
      expect(r.msg, path).toContain(field);
    };
    await bad(`${B}/headset/checkMd5`, { md5: 'xyz' }, '文件哈希');
    await bad(`${B}/headset/bindUser`, { ids: [1] }, '员工');
    await bad(`${B}/headset/bindClue`, { ids: 'a', clueId: 1 }, '录音');
    await bad(`${B}/headset/deleteRecordingUpload`, {}, '请');
    await bad(`${B}/headset/completeChunkUpload`, {}, '上传任务');
    await bad(`${B}/asrConfig/save`, {}, '热词');
    await bad(`${R}/recording/v1/asrRerun`, {}, '录音');
    const q = await t().call(contract.recording.recordIdByInfoId, { infoId: '' }, { token: org.admin.token });
    expect(q.msg).toContain('通话记录');
    const noChunk = await t().callRaw(contract.recording.uploadChunk, multipart({ offset: 0 }, []).body, {
      token: org.admin.token,
      headers: multipart({}, []).headers,
    });
    expect(noChunk.status).toBe(400);
  });

  it('no session: code 10; a role without the sign: 403', async () => {
    expect((await upload(t(), null, call, 'x.wav')).code).toBe(10);
    expect((await t().call(contract.recording.list, {})).code).toBe(10);
    expect((await t().call(contract.recording.checkMd5, { md5: 'a'.repeat(32) })).code).toBe(10);
    expect((await t().call(contract.recording.batchRemove, { ids: [1] }, { token: org.seat.token })).status).toBe(403);
  });

  it('audio metrics run with no engine: talk per side, ratio, overlap', async () => {
    const list = await t().call(contract.recording.list, { pageNum: 1, pageSize: 10 }, { token: org.seat.token });
    const id = list.data.lists[0].id;
    const done = await waitFor(
      () => t().call(contract.asr.getAsrText, { recordId: id }, { token: org.seat.token }),
      (r) => r.data?.metricsStatus === 3 || r.data?.metricsStatus === 4,
    );
    expect(done.data.metricsStatus).toBe(3);
    const m = done.data.metrics;
    expect(m!.perChannel).toBe(true);
    expect(m!.agentTalkMs).toBeGreaterThan(m!.customerTalkMs);
    expect(m!.customerTalkMs).toBeGreaterThan(1000);
    expect(m!.talkRatio).toBeGreaterThan(0.5);
    expect(m!.overlapCount).toBeGreaterThanOrEqual(1);
    expect(m!.overlaps[0].by).toBe('customer');
    expect(done.data.transcript).toBeNull();
    expect(done.data.asrStatusName).toBe('未配置语音识别引擎');
  });

  it('a finished upload that is refused (md5 mismatch) is discarded: the same file can be sent again', async () => {
    const data = read(convert(mono, 'm4a'));
    const wrongMd5 = 'f'.repeat(32);
    const init = async () =>
      (
        await t().call(
          contract.recording.initChunkUpload,
          { fileName: '校验失败.m4a', size: data.length, md5: wrongMd5 },
          { token: org.seat.token },
        )
      ).data;
    const first = await init();
    const { body, headers } = multipart({ uploadId: first.uploadId!, offset: 0 }, [
      { field: 'chunk', fileName: 'blob', data },
    ]);
    await t().callRaw(contract.recording.uploadChunk, body, { token: org.seat.token, headers });
    const done = await t().callRaw(
      contract.recording.completeChunkUpload,
      { uploadId: first.uploadId },
      { token: org.seat.token },
    );
    expect(`${done.status} ${done.msg}`).toBe('400 文件校验失败（md5 不一致），请重新上传');
    const again = await init();
    expect(again.uploadId).not.toBe(first.uploadId);
    expect(again.offset).toBe(0);
  });

  it('resumable chunked upload: init, chunks written before ack, resume after a lost ack, complete', async () => {
    const m4a = convert(mono, 'm4a');
    const data = read(m4a);
    const md5 = await hashFile(m4a, data.length);
    const init = await t().call(
      contract.recording.initChunkUpload,
      { fileName: '会议录音.m4a', size: data.length, md5, source: 3, callType: 5 },
      { token: org.manager.token },
    );
    expect(init.code).toBe(1);
    const { uploadId } = init.data;
    const half = Math.floor(data.length / 2);
    const sendChunk = (offset: number, chunk: Buffer) => {
      const { body, headers } = multipart({ uploadId: uploadId!, offset }, [
        { field: 'chunk', fileName: 'blob', data: chunk },
      ]);
      return t().callRaw(contract.recording.uploadChunk, body, { token: org.manager.token, headers });
    };
    expect((await sendChunk(0, data.subarray(0, half))).data.offset).toBe(half);
    // the client lost the ack and asks again: md5 check tells the offset to resume from
    const again = await t().call(contract.recording.checkMd5, { md5, size: data.length }, { token: org.manager.token });
    expect(again.data).toMatchObject({ exists: false, uploadId, offset: half });
    expect((await sendChunk(0, data.subarray(0, half))).data.offset).toBe(half); // re-sent chunk: acknowledged, not written twice
    const gap = await sendChunk(half + 10, data.subarray(half));
    expect(gap.status).toBe(400);
    const early = await t().callRaw(contract.recording.completeChunkUpload, { uploadId }, { token: org.manager.token });
    expect(early.msg).toContain('尚未传完');
    expect((await sendChunk(half, data.subarray(half))).data.offset).toBe(data.length);
    const done = await t().callRaw(contract.recording.completeChunkUpload, { uploadId }, { token: org.manager.token });
    expect(done.code).toBe(1);
    expect(done.data.duplicate).toBe(false);
    const dupInit = await t().call(
      contract.recording.initChunkUpload,
      { fileName: 'copy.m4a', size: data.length, md5 },
      { token: org.seat.token },
    );
    expect(dupInit.data).toMatchObject({ duplicate: true, recordId: done.data.recordId });
    const badInit = await t().call(
      contract.recording.initChunkUpload,
      { fileName: 'x.m4a', size: 10, md5: 'zz' },
      { token: org.seat.token },
    );
    expect(badInit.status).toBe(400);
    expect(badInit.msg).toContain('文件哈希');
  });

  it('plays with Range (206), transcoding .wav to mp3 once; a signed media link plays, ?token= does not; another org gets 404', async () => {
    const list = await t().call(
      contract.recording.list,
      { pageNum: 1, pageSize: 10, callType: [1] },
      { token: org.seat.token },
    );
    const id = list.data.lists[0].id;
    // the session's token in the address is not read (it would land in logs and history)
    const byToken = await t().built.app.inject({
      method: 'GET',
      url: `${R}/recording/v1/play?id=${id}&token=${org.seat.token}`,
    });
    expect(byToken.json().code).toBe(10);
    const detail = await t().call(contract.asr.getAsrText, { recordId: id }, { token: org.seat.token });
    expect(detail.data.playUrl).toMatch(/^\/api\/robot\/recording\/v1\/play\?media=[\w.%-]+$/);
    expect(detail.data.playUrl).not.toContain(org.seat.token);
    const full = await t().built.app.inject({ method: 'GET', url: detail.data.playUrl });
    // a forged or altered link is refused
    const forged = await t().built.app.inject({ method: 'GET', url: `${detail.data.playUrl.slice(0, -4)}AAAA` });
    expect(forged.json()).toMatchObject({ code: 10, msg: '播放链接已过期，请刷新页面' });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('audio/mpeg');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.rawPayload.subarray(0, 3).toString('latin1') === 'ID3' || full.rawPayload[0] === 0xff).toBe(true);
    const part = await t().built.app.inject({
      method: 'GET',
      url: `${R}/recording/v1/play?id=${id}`,
      headers: { authorization: org.seat.token, range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${full.rawPayload.length}`);
    expect(part.rawPayload.equals(full.rawPayload.subarray(100, 200))).toBe(true);
    const otherOrg = await t().built.app.inject({
      method: 'GET',
      url: `${R}/recording/v1/play?id=${id}`,
      headers: { authorization: other.admin.token },
    });
    expect(otherOrg.json().code).toBe(404);
    const anon = await t().built.app.inject({ method: 'GET', url: `${R}/recording/v1/play?id=${id}` });
    expect(anon.json().code).toBe(10);
    // share ticket: the public call detail plays and reads without login
    const mask = await t().call(contract.recording.getMaskId, { recordId: id }, { token: org.seat.token });
    const pub = await t().call(contract.asr.getAsrText, { maskId: mask.data.maskId });
    expect(pub.data.recordId).toBe(id);
    const pubPlay = await t().built.app.inject({
      method: 'GET',
      url: `${R}/recording/v1/play?maskId=${encodeURIComponent(mask.data.maskId)}`,
      headers: { range: 'bytes=0-9' },
    });
    expect(pubPlay.statusCode).toBe(206);
    expect((await t().call(contract.asr.getAsrText, { maskId: 'forged' })).code).toBe(10);
  });

  it('binds to a user (one and batch) and a lead; data scope: a seat sees only its own', async () => {
    const mine = await upload(t(), org.otherSeat.token, mono, '客户回访.wav', { source: 6, callType: 4 });
    const id = mine.data.recordId;
    const seatList = await t().call(contract.recording.list, { pageNum: 1, pageSize: 10 }, { token: org.seat.token });
    expect(seatList.data.lists.some((l: any) => l.id === id)).toBe(false);
    expect(
      (await t().call(contract.recording.bindUser, { ids: [id], userId: org.seat.userId }, { token: org.seat.token }))
        .code,
    ).toBe(404);
    const bind = await t().call(
      contract.recording.editBindUser,
      { ids: [id], userId: org.seat.userId },
      { token: org.admin.token },
    );
    expect(bind.data.count).toBe(1);
    const after = await t().call(
      contract.recording.list,
      { pageNum: 1, pageSize: 10, source: [6] },
      { token: org.seat.token },
    );
    expect(after.data.lists.map((l: any) => l.id)).toEqual([id]);
    expect(
      (
        await t().call(
          contract.recording.editBindUser,
          { ids: [id], userId: other.seat.userId },
          { token: org.admin.token },
        )
      ).code,
    ).toBe(404);
    expect(
      (
        await t().call(
          contract.recording.editBindUser,
          { ids: [], userId: org.seat.userId },
          { token: org.admin.token },
        )
      ).msg,
    ).toContain('录音');
    const lead = await t().call(
      contract.clue.add,
      { name: '王先生', phone: '13900139000' },
      { token: org.admin.token },
    );
    expect(lead.code).toBe(1);
    const clueId = lead.data.id ?? lead.data.clueId;
    expect(
      (await t().call(contract.recording.bindClue, { ids: [id], clueId: 999999 }, { token: org.admin.token })).code,
    ).toBe(404);
    const clue = await t().call(contract.recording.bindClue, { ids: [id], clueId }, { token: org.admin.token });
    expect(clue.code).toBe(1);
    const items = await t().ctx.services.recording.interactionsForClue(org.orgId, clueId);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: 'call', id, title: '录音 · 智能工牌' });
    expect(await t().ctx.services.recording.interactionsForClue(other.orgId, clueId)).toHaveLength(0);
    const byClue = await t().call(
      contract.recording.list,
      { pageNum: 1, pageSize: 10, clueId },
      { token: org.admin.token },
    );
    expect(byClue.data.total).toBe(1);
    expect(
      (await t().call(contract.recording.bindClue, { ids: [id], clueId }, { token: other.admin.token })).code,
    ).toBe(404);
    // the lead's interaction records show the call
    const inter = await t().call(
      contract.interaction.list,
      { pageNum: 1, pageSize: 10, clueId },
      { token: org.admin.token },
    );
    expect(inter.data.lists.some((i: any) => i.type === 'call' && i.id === id)).toBe(true);
    // auto-bind: the phone number in the file name finds the lead
    const auto = await upload(t(), org.admin.token, speech('王先生您好'), '录音-13900139000.wav');
    expect(auto.data).toMatchObject({ clueId, phone: '13900139000' });
    await t().call(contract.recording.remove, { id: auto.data.recordId }, { token: org.admin.token });
  });

  it('filters by duration level, custom range, date range and status; validates', async () => {
    const q = (body: object) =>
      t().call(contract.recording.list, { pageNum: 1, pageSize: 10, ...body }, { token: org.admin.token });
    const all = (await q({})).data.total;
    expect(all).toBe(3);
    expect((await q({ durationLevel: 1 })).data.total).toBe(3); // all under 10 s
    expect((await q({ durationLevel: 2 })).data.total).toBe(0);
    expect((await q({ durationMin: '0秒', durationMax: '10秒' })).data.total).toBe(3);
    expect((await q({ durationMin: 20 })).data.total).toBe(0);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await q({ dateRange: `${today} 至 ${today}` })).data.total).toBe(3);
    expect((await q({ dateRange: '2000-01-01 至 2000-01-02' })).data.total).toBe(0);
    expect((await q({ asrStatus: [5] })).data.total).toBe(3);
    expect((await q({ asrStatus: [3] })).data.total).toBe(0);
    expect((await q({ analysisStatus: [0] })).data.total).toBe(3);
    expect((await q({ ownerUserIds: [org.manager.userId] })).data.total).toBe(1);
    expect((await q({ phone: '138001' })).data.total).toBe(1);
    const bad = await q({ pageSize: 7 });
    expect(bad.status).toBe(400);
    expect((await q({ durationLevel: 9 })).msg).toContain('时长档位');
    expect((await q({ durationMin: 50, durationMax: 10 })).msg).toContain('最小时长');
    expect((await t().call(contract.recording.list, {}, { token: other.admin.token })).data.total).toBe(0);
  });

  it('saves quality; exports xlsx; logs client-side upload events', async () => {
    const list = await t().call(contract.recording.list, { pageNum: 1, pageSize: 10 }, { token: org.admin.token });
    const id = list.data.lists[0].id;
    const q = await t().call(
      contract.recording.saveQuality,
      { id, qualityScore: 88, qualityRemark: '开场白规范' },
      { token: org.admin.token },
    );
    expect(q.data).toMatchObject({ qualityScore: 88 });
    expect(
      (await t().call(contract.recording.saveQuality, { id, qualityScore: 101 }, { token: org.admin.token })).msg,
    ).toContain('质检分');
    expect(
      (await t().call(contract.recording.saveQuality, { id, qualityScore: 1 }, { token: other.admin.token })).code,
    ).toBe(404);
    const res = await t().built.app.inject({
      method: 'POST',
      url: `${R}/recording/v1/export`,
      payload: { pageNum: 1, pageSize: 10 },
      headers: { authorization: org.admin.token },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as any);
    const ws = wb.getWorksheet('录音列表')!;
    expect(ws.getRow(1).getCell(1).value).toBe('录音ID');
    expect(ws.rowCount).toBe(4);
    const put = await t().call(
      contract.recording.saveUploadLog,
      { fileName: 'x.wav', md5: 'a'.repeat(32), result: 4, message: '网络中断' },
      { token: org.seat.token },
    );
    expect(put.code).toBe(1);
    expect((await t().call(contract.recording.saveUploadLog, { result: 9 }, { token: org.seat.token })).status).toBe(
      400,
    );
    expect(
      (await t().call(contract.recording.saveUploadLog, { result: 1, recordId: id }, { token: other.admin.token }))
        .code,
    ).toBe(404);
  });

  it('deletes one and a batch; another org cannot', async () => {
    const list = await t().call(contract.recording.list, { pageNum: 1, pageSize: 10 }, { token: org.admin.token });
    const ids = list.data.lists.map((l: any) => l.id);
    expect((await t().call(contract.recording.remove, { id: ids[0] }, { token: other.admin.token })).code).toBe(404);
    expect((await t().call(contract.recording.remove, { id: ids[0] }, { token: org.admin.token })).data.count).toBe(1);
    expect(
      (await t().call(contract.recording.batchRemove, { ids: ids.slice(1) }, { token: org.admin.token })).data.count,
    ).toBe(2);
    expect((await t().call(contract.recording.list, {}, { token: org.admin.token })).data.total).toBe(0);
    expect((await t().callRaw(contract.recording.batchRemove, {}, { token: org.admin.token })).status).toBe(400);
  });
  it("bindUser binds to a user of the organisation; another organisation's recordings, users and uploads are refused", async () => {
    const up = await upload(t(), org.admin.token, mono, '回访.wav', { callInfoId: 'call-cross-org' });
    expect(up.code, up.msg).toBe(1);
    const id = up.data.recordId;
    const bound = await t().call(
      contract.recording.bindUser,
      { ids: [id], userId: org.seat.userId },
      { token: org.admin.token },
    );
    expect(bound.code, bound.msg).toBe(1);
    expect(bound.data.count).toBe(1);
    const seatList = await t().call(contract.recording.list, { pageNum: 1, pageSize: 10 }, { token: org.seat.token });
    expect(seatList.data.lists.map((l: any) => l.id)).toContain(id);

    const foreign = { token: other.admin.token };
    const calls: [string, object][] = [
      [`${B}/headset/bindUser`, { ids: [id], userId: other.seat.userId }],
      [`${B}/headset/batchDeleteRecordingUpload`, { ids: [id] }],
    ];
    for (const [path, body] of calls) {
      const res = await t().post(path, body, foreign);
      expect(`${path} ${res.status} ${res.msg}`).toBe(`${path} 404 录音不存在`);
    }
    const toForeignUser = await t().call(
      contract.recording.bindUser,
      { ids: [id], userId: other.seat.userId },
      { token: org.admin.token },
    );
    expect(toForeignUser.status).toBe(404);
    const mask = await t().call(contract.recording.getMaskId, { recordId: id }, { ...foreign });
    expect(mask.status).toBe(404);
    expect(mask.data ?? null).toBeNull();
    const byInfo = await t().call(contract.recording.recordIdByInfoId, { infoId: 'call-cross-org' }, { ...foreign });
    expect(byInfo.data.recordId).toBeNull();
    const exported = await t().built.app.inject({
      method: 'POST',
      url: `${R}/recording/v1/export`,
      payload: { pageNum: 1, pageSize: 10, ids: [id] },
      headers: { authorization: other.admin.token },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as any);
    expect(wb.getWorksheet('录音列表')!.rowCount).toBe(1);

    // a chunked upload of one organisation cannot be continued or completed by another
    const data = read(mono);
    const init = await t().call(
      contract.recording.initChunkUpload,
      { fileName: 'cross.wav', size: data.length + 1, md5: 'b'.repeat(32) },
      { token: org.admin.token },
    );
    expect(init.code, init.msg).toBe(1);
    const { uploadId } = init.data;
    const { body, headers } = multipart({ uploadId: uploadId!, offset: 0 }, [
      { field: 'chunk', fileName: 'blob', data },
    ]);
    const chunk = await t().callRaw(contract.recording.uploadChunk, body, { ...foreign, headers });
    expect(chunk.status).toBe(404);
    const complete = await t().callRaw(contract.recording.completeChunkUpload, { uploadId }, foreign);
    expect(complete.status).toBe(404);
    const resume = await t().call(
      contract.recording.checkMd5,
      { md5: 'b'.repeat(32), size: data.length + 1 },
      { token: org.admin.token },
    );
    expect(resume.data).toMatchObject({ uploadId, offset: 0 });

    // nothing changed
    const after = await t().call(contract.recording.list, { pageNum: 1, pageSize: 10 }, { token: org.admin.token });
    expect(after.data.lists.find((l: any) => l.id === id)).toMatchObject({ ownerUserId: org.seat.userId });
    await t().call(contract.recording.remove, { id }, { token: org.admin.token });
  });
});
