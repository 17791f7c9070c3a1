// Test helpers of the call analysis, shared by the tests of analysis, quality, qualityReview and insight: the
// tables of this round, AI opened, a recording uploaded with its transcript, and waiting for its analysis.
import type { TestApp } from './harness';
import { pipelineIdle } from './pipeline';
import { multipart, read, speech } from './recording';

export const B = '/api/backend';
export const R = '/api/robot';
export const A = '/api/analysis';

export async function openAi(t: TestApp, adminToken: string): Promise<void> {
  const res = await t.post(`${B}/organization/setAiOpen`, { open: true }, { token: adminToken });
  if (res.code !== 1) throw new Error(`setAiOpen: ${res.msg}`);
}

type Line = [who: 'A' | 'C', text: string];

/** A transcript in the JSON form of DESIGN.md section 6: one sentence every 5 s. */
export function transcriptOf(lines: Line[]): string {
  return JSON.stringify({
    durationMs: lines.length * 5000,
    segments: lines.map(([who, text], i) => ({
      speaker: who === 'A' ? 'agent' : 'customer',
      startMs: i * 5000,
      endMs: i * 5000 + 4000,
      text,
    })),
  });
}

/** A good call with a forbidden promise (保证收益) and a strong customer. */
export const STRONG_CALL: Line[] = [
  ['A', '您好，我是星辰教育的课程顾问小王，请问是李先生吗？'],
  ['C', '是的，你说。'],
  ['A', '您上周咨询的少儿编程课，我们这个课程保证收益，孩子学完保证提分。'],
  ['C', '我挺感兴趣的，价格多少？什么时候可以报名？'],
  ['A', '一期是三千九百八十元，这周报名有优惠。'],
  ['C', '好的，那我今天就报名，你把合同和付款方式发给我吧。'],
];

/** A carrier announcement: no conversation. */
export const POWERED_OFF: Line[] = [
  ['C', '您拨打的电话已关机，请稍后再拨。Sorry, the number you dialed is power off.'],
];

/** A lead of the seat's, for calls bound to it. */
export async function addLead(t: TestApp, token: string, name: string): Promise<number> {
  const phone = `13${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const res = await t.post(`${R}/organizationClue/add`, { name, phone }, { token });
  if (res.code !== 1) throw new Error(`add lead: ${res.msg}`);
  return res.data.clueId;
}

let audio: Buffer | undefined;
let serial = 0;
/**
 * A short speech file, made once; each upload changes its last sample so that it is a new recording (uploads are
 * deduplicated by content). What it says does not matter: the transcript comes with it.
 */
function audioFile(): Buffer {
  audio ??= read(speech('通话录音'));
  const copy = Buffer.from(audio);
  copy.writeUInt16LE(++serial % 65536, copy.length - 2);
  return copy;
}

export async function uploadCall(
  t: TestApp,
  token: string,
  lines: Line[],
  fields: Record<string, string | number> = {},
): Promise<number> {
  const { body, headers } = multipart({ callType: 1, transcript: transcriptOf(lines), ...fields }, [
    { fileName: `call-${Math.random().toString(36).slice(2)}.wav`, data: audioFile() },
  ]);
  const res = await t.request('POST', `${B}/headset/uploadRecording`, body, { token, headers });
  if (res.code !== 1) throw new Error(`upload: ${res.msg}`);
  return res.data.recordId;
}

export async function panel(t: TestApp, token: string, recordId: number) {
  return t.get(`${A}/asr/V1/getCallAnalysis`, { token, query: { recordId } });
}

/**
 * Polls the AI panel until `done` holds (or the time is up), then, for a stored analysis, waits for the pipeline to be
 * idle (every consumer of the analysis has run); returns the last answer and every status seen.
 */
export async function waitFor(
  t: TestApp,
  token: string,
  recordId: number,
  done: (d: any) => boolean = (d) => d.analysisStatus === 3 || d.analysisStatus === 4,
  ms = 30_000,
): Promise<{ data: any; seen: number[] }> {
  const end = Date.now() + ms;
  const seen: number[] = [];
  for (;;) {
    const r = await panel(t, token, recordId);
    if (r.code !== 1) throw new Error(`getCallAnalysis: ${r.msg}`);
    if (seen.at(-1) !== r.data.analysisStatus) seen.push(r.data.analysisStatus);
    if (done(r.data) || Date.now() > end) {
      // a failed analysis has no consumers to wait for (and its own retries may still be due)
      if (r.data.analysisStatus === 3) await pipelineIdle(t.ctx, ms);
      return { data: r.data, seen };
    }
    await new Promise((res) => setTimeout(res, 100));
  }
}
