// What the call scenarios share: quiet audio files to upload, API calls in the page with its session, waiting for a
// call's analysis, and the form item of a dialog by its label.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'calls-e2e-'));

/** A folder for a scenario's files. */
export const scratchDir = () => dir;

/**
 * A quiet call of `seconds` (FLAC keeps a long one small): what is said comes from its transcript. `tone` makes files
 * of the same length differ (uploads are de-duplicated by content).
 */
export function quietFlac(name, seconds, tone = 440) {
  const out = join(dir, name);
  execFileSync('sox', [
    '-n',
    '-r',
    '8000',
    '-c',
    '1',
    '-b',
    '16',
    out,
    'synth',
    '0.3',
    'sine',
    String(tone),
    'pad',
    '0',
    String(seconds - 0.3),
  ]);
  return out;
}

/**
 * Uploads an audio file with its transcript (the JSON form of DESIGN.md section 6) through the API in the page, as a
 * telephony platform would; `fields` adds form fields (clueId, callTime, callType). Answers the recording id.
 */
export async function uploadWithTranscript(page, file, transcript, fields = {}) {
  const r = await page.evaluate(
    async ({ name, b64, transcript, fields }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const form = new FormData();
      for (const [k, v] of Object.entries({ source: 1, callType: 1, ...fields })) form.append(k, String(v));
      form.append('transcript', JSON.stringify(transcript));
      form.append('file', new Blob([bytes]), name);
      const res = await fetch('/api/backend/headset/uploadRecording', {
        method: 'POST',
        headers: { authorization: sessionStorage.getItem('token') ?? '', 'x-support-features': 'standard-HTTP-status' },
        body: form,
      });
      return res.json();
    },
    { name: file.split('/').pop(), b64: readFileSync(file).toString('base64'), transcript, fields },
  );
  assert.equal(r.code, 1, `upload: ${r.msg}`);
  return r.data.recordId ?? r.data.results?.[0]?.recordId;
}

/** Calls the API in the page with its session token. */
export function apiCall(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: sessionStorage.getItem('token') ?? '',
          'x-support-features': 'standard-HTTP-status',
        },
        body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      });
      return res.json();
    },
    { method, path, body },
  );
}

/** Waits until the call's analysis satisfies `done` (default 已完成) and answers it. */
export async function waitAnalysed(page, id, done = (d) => d.analysisStatus === 3, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  let last = null;
  while (Date.now() < until) {
    const r = await apiCall(page, 'GET', `/api/analysis/asr/V1/getCallAnalysis?recordId=${id}`);
    if (r.code === 1) {
      last = r.data;
      if (done(r.data)) return r.data;
    }
    await page.waitForTimeout(400);
  }
  throw new Error(`analysis of ${id} did not finish: ${JSON.stringify(last)?.slice(0, 300)}`);
}

/** The form item of a dialog (or any scope) by its label (antd gives the label its text as title). */
export const itemOf = (scope, label) =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator(`label[title="${label}"]`) });

/**
 * Uploads a call on the recording page (the audio and its same-named transcript), waits for 上传成功 and answers the
 * recording's row as the recording list gives it.
 */
export async function uploadOnRecordingPage(page, baseUrl, files, fileName) {
  await page.goto(`${baseUrl}/main/recordingFileManage`);
  await page.getByTestId('open-upload').click();
  const upload = page.getByRole('dialog');
  await upload.locator('input[type=file]').setInputFiles(files);
  if (files.length > 1) await upload.getByTestId('with-transcript').waitFor();
  await upload.getByTestId('upload-source').getByText('企业电话', { exact: true }).click();
  await upload.getByTestId('start-upload').click();
  await upload.getByTestId('upload-phase').filter({ hasText: '上传成功' }).waitFor({ timeout: 30_000 });
  const found = await apiCall(page, 'POST', '/api/robot/recording/v1/pagelist', { pageNum: 1, pageSize: 10, fileName });
  return found.data.lists[0];
}
