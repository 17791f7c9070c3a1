import { expect } from 'vitest';
import type { TestApp } from './harness';

const R = '/api/robot';

/** A multipart body of one file, as the import page sends it. */
export function multipartFile(fileName: string, content: Buffer) {
  const boundary = `----crm${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${encodeURIComponent(fileName)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return { boundary, body: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]) };
}

/** Uploads a CSV, starts its import with the options given, and waits for the job: the finished record. */
export async function importCsv(t: TestApp, token: string, csv: string, options: Record<string, unknown> = {}) {
  const { boundary, body } = multipartFile('leads.csv', Buffer.from(csv));
  const up = (
    await t.built.app.inject({
      method: 'POST',
      url: `${R}/clueImport/upload`,
      payload: body,
      headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    })
  ).json();
  expect(up.code, up.msg).toBe(1);
  const start = await t.post(
    `${R}/clueImport/start`,
    { recordId: up.data.recordId, mapping: up.data.mapping, ...options },
    { token },
  );
  expect(start.code, start.msg).toBe(1);
  for (let i = 0; i < 300; i++) {
    const res = await t.post(`${R}/importRecords/detail`, { recordId: up.data.recordId }, { token });
    if (res.data.status >= 2) return res.data;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('import did not finish');
}
