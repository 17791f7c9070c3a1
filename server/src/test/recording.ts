// Test helpers for recordings (the tests of recording, asr and upload): audio made with espeak-ng and sox,
// and multipart bodies for app.inject.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'rec-test-'));

/** Speech from espeak-ng (Mandarin voice) at 8 kHz mono; returns the file path. */
export function speech(
  text: string,
  name = `s${randomBytes(3).toString('hex')}`,
  pad: [number, number] = [0, 0],
): string {
  const raw = join(dir, `${name}.raw.wav`);
  const out = join(dir, `${name}.wav`);
  execFileSync('espeak-ng', ['-v', 'cmn', '-s', '170', text, '-w', raw]);
  execFileSync('sox', [raw, '-r', '8000', '-c', '1', '-b', '16', out, 'pad', String(pad[0]), String(pad[1])]);
  return out;
}

/** A stereo call: the agent on the left, the customer on the right starting at `customerAt` seconds. */
export function stereoCall(agentText: string, customerText: string, customerAt = 3.5, tail = 1): string {
  const a = speech(agentText, undefined, [0, 0]);
  const c = speech(customerText, undefined, [customerAt, 0]);
  const la = Number(execFileSync('soxi', ['-D', a]).toString());
  const lc = Number(execFileSync('soxi', ['-D', c]).toString());
  const len = Math.max(la, lc) + tail;
  const a2 = join(dir, `a${randomBytes(3).toString('hex')}.wav`);
  const c2 = join(dir, `c${randomBytes(3).toString('hex')}.wav`);
  execFileSync('sox', [a, a2, 'pad', '0', String(len - la)]);
  execFileSync('sox', [c, c2, 'pad', '0', String(len - lc)]);
  const out = join(dir, `call${randomBytes(3).toString('hex')}.wav`);
  execFileSync('sox', ['-M', a2, c2, out]);
  return out;
}

/** Converts with ffmpeg (e.g. to .m4a, .amr, .mp3). */
export function convert(path: string, ext: string): string {
  const out = join(dir, `conv${randomBytes(3).toString('hex')}.${ext}`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', path, ...(ext === 'amr' ? ['-ar', '8000', '-ac', '1'] : []), out]);
  return out;
}

export function tempFile(name: string): string {
  return join(dir, name);
}

export interface FilePart {
  field?: string;
  fileName: string;
  data: Buffer;
  contentType?: string;
}

/** A multipart/form-data body: fields first, then files. */
export function multipart(
  fields: Record<string, string | number | undefined>,
  files: FilePart[],
): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----crm${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.fileName}"\r\ncontent-type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const read = (path: string) => readFileSync(path);
