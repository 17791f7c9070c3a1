import { contract } from '@crm/core/contract';
import type { UploadedFile } from '@crm/core/contract/recording';
import { describe, expect, it } from 'vitest';
import { type ApiResponse, useTestApp } from '../../test/harness';
import { multipart, read, speech } from '../../test/recording';
import { hashFile } from './upload';

const transcript = JSON.stringify({
  durationMs: 3000,
  segments: [
    { speaker: 'agent', startMs: 0, endMs: 1500, text: '您好，这里是售后' },
    { speaker: 'customer', startMs: 1600, endMs: 2500, text: '我的订单没到' },
  ],
});

describe('a recording uploaded again with its transcript', { timeout: 180_000 }, () => {
  const t = useTestApp();
  const upload = (token: string, path: string, fields: Record<string, string | number> = {}) => {
    const { body, headers } = multipart(fields, [{ fileName: 'again.wav', data: read(path) }]);
    return t().callRaw(contract.recording.upload, body, { token, headers }) as Promise<ApiResponse<UploadedFile>>;
  };

  it('adds the transcript to the recording already stored (one file or by chunks); without one it is skipped', async () => {
    const org = await t().newOrg();
    const file = speech('您好，这里是售后中心');
    const first = await upload(org.seat.token, file, { source: 1 });
    expect(first.data).toMatchObject({ duplicate: false });
    const id = first.data.recordId!;
    const skipped = await upload(org.seat.token, file, { source: 1 });
    expect(skipped.data).toMatchObject({ duplicate: true, recordId: id });
    expect(skipped.data.transcriptAdded).toBeFalsy();
    const added = await upload(org.seat.token, file, { source: 1, transcript });
    expect(added.data).toMatchObject({ duplicate: true, recordId: id, transcriptAdded: true });
    const detail = await t().call(contract.asr.getAsrText, { recordId: id }, { token: org.seat.token });
    expect(detail.data).toMatchObject({ asrStatus: 3, engine: 'upload' });
    expect(detail.data.text).toBe('销售：您好，这里是售后\n客户：我的订单没到');
    // the chunked path (large files): its start says so too
    const size = read(file).length;
    const md5 = await hashFile(file, size);
    const init = await t().call(
      contract.recording.initChunkUpload,
      { fileName: 'again.wav', size, md5, transcript: transcript.replace('订单没到', '快递到了') },
      { token: org.seat.token },
    );
    expect(init.data).toMatchObject({ duplicate: true, recordId: id, transcriptAdded: true });
    const again = await t().call(contract.asr.getAsrText, { recordId: id }, { token: org.seat.token });
    expect(again.data.text).toContain('快递到了');
    // a malformed transcript is refused, the stored one stays
    const bad = await upload(org.seat.token, file, { transcript: '{"segments":[{"speaker":"x"}]}' });
    expect(bad.status).toBe(400);
    // another organisation uploading the same file stores its own recording
    const other = await t().newOrg();
    const theirs = await upload(other.seat.token, file, { source: 1, transcript });
    expect(theirs.data.duplicate).toBe(false);
    expect(theirs.data.recordId).not.toBe(id);
    // no session
    expect((await upload('', file, { transcript })).code).toBe(10);
  });
});
