import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Transcript } from '@crm/core';
import type { AppContext, DemoOrg } from '../../platform/context';
import { unscoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { FFMPEG, withTempDir } from './audio';
import { storeRecording } from './upload';

/** Who says what in a demo call, in turn (agent on the left channel, customer on the right). */
export type DemoTurn = ['agent' | 'customer', string];

/** Demo uploads (a seat's own recordings, not from a placed call): one WAV, one MP3. */
const UPLOADS: { name: string; source: number; callType: number; turns: DemoTurn[] }[] = [
  {
    name: '课程咨询-首次沟通.wav',
    source: 2,
    callType: 4,
    turns: [
      ['agent', '您好，我是星辰教育的课程顾问，请问您现在方便接听电话吗'],
      ['customer', '方便，你说吧'],
      ['agent', '我们最近有少儿编程的免费体验课，孩子可以先来试听两节'],
      ['customer', '孩子九岁，之前没学过，上课时间是周末吗'],
      ['agent', '周六和周日都有班，小班教学，每班不超过八个孩子'],
      ['customer', '好的，你把课程介绍发我微信吧'],
    ],
  },
  {
    name: '价格异议-二次跟进.mp3',
    source: 5,
    callType: 4,
    turns: [
      ['agent', '王女士您好，上次给您发的课程资料看了吗'],
      ['customer', '看了，价格有点贵，能不能再便宜一点'],
      ['agent', '这个月报名可以享受八折优惠，还送两节一对一辅导'],
      ['customer', '那我和孩子爸爸商量一下，明天给你答复'],
    ],
  },
];

const run = promisify(execFile);

/** Whether the tools that speak the demo calls (espeak-ng, sox; ffmpeg for MP3) are installed. */
export function canSpeak(): boolean {
  try {
    for (const tool of ['espeak-ng', 'sox']) execFileSync(tool, ['--version'], { stdio: 'ignore' });
    execFileSync(FFMPEG, ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Speaks a demo call with espeak-ng into a real stereo recording in `dir` (sox; `.mp3` names are encoded by ffmpeg)
 * and answers its path and transcript. `tail` seconds of silence end it (so that two calls of the same words are
 * different files).
 */
export async function speakDemoCall(
  dir: string,
  name: string,
  turns: DemoTurn[],
  tail = 0.5,
): Promise<{ path: string; transcript: Transcript }> {
  const ext = name.endsWith('.mp3') ? 'mp3' : 'wav';
  // the same words make the same file: spoken once per machine (every e2e server seeds the demo afresh)
  const key = createHash('sha1')
    .update(JSON.stringify([ext, tail, turns]))
    .digest('hex')
    .slice(0, 16);
  const cached = join(tmpdir(), 'crm-demo-audio', key);
  const path = join(dir, `call.${ext}`);
  try {
    const transcript = JSON.parse(await readFile(join(cached, 'transcript.json'), 'utf8')) as Transcript;
    await copyFile(join(cached, `call.${ext}`), path);
    return { path, transcript };
  } catch {
    // not spoken yet
  }
  const spoken = await speak(dir, turns, tail, ext);
  await mkdir(cached, { recursive: true });
  await copyFile(spoken.path, join(cached, `call.${ext}`));
  await writeFile(join(cached, 'transcript.json'), JSON.stringify(spoken.transcript));
  return spoken;
}

/** speakDemoCall's work: the turns spoken at once (the tools run without blocking the event loop), then mixed. */
async function speak(dir: string, turns: DemoTurn[], tail: number, ext: 'wav' | 'mp3') {
  const transcript: Transcript = { durationMs: 0, segments: [] };
  const silence = async (s: number, n: string) => {
    const p = join(dir, `${n}.wav`);
    await run('sox', ['-V1', '-n', '-r', '8000', '-c', '1', '-b', '16', p, 'trim', '0', s.toFixed(3)]);
    return p;
  };
  const spoken = await Promise.all(
    turns.map(async ([, text], i) => {
      const raw = join(dir, `t${i}.raw.wav`);
      const wav = join(dir, `t${i}.wav`);
      await run('espeak-ng', ['-v', 'cmn', '-s', '165', text, '-w', raw]);
      await run('sox', ['-V1', raw, '-r', '8000', '-c', '1', '-b', '16', wav]);
      return { wav, len: Number((await run('soxi', ['-D', wav])).stdout) };
    }),
  );
  const gap = 0.5;
  const left: string[] = [await silence(0.5, 'l0')];
  const right: string[] = [await silence(0.5, 'r0')];
  let at = 0.5;
  for (const [i, [who, text]] of turns.entries()) {
    const { wav, len } = spoken[i];
    (who === 'agent' ? left : right).push(wav, await silence(gap, `g${i}`));
    (who === 'agent' ? right : left).push(await silence(len + gap, `s${i}`));
    transcript.segments.push({
      speaker: who,
      startMs: Math.round(at * 1000),
      endMs: Math.round((at + len) * 1000),
      text,
    });
    at += len + gap;
  }
  left.push(await silence(tail, 'lt'));
  right.push(await silence(tail, 'rt'));
  at += tail;
  transcript.durationMs = Math.round(at * 1000);
  const l = join(dir, 'left.wav');
  const r = join(dir, 'right.wav');
  await Promise.all([run('sox', ['-V1', ...left, l]), run('sox', ['-V1', ...right, r])]);
  const wav = join(dir, 'mixed.wav');
  await run('sox', ['-V1', '-M', l, r, wav]);
  const path = join(dir, `spoken.${ext}`);
  if (ext === 'wav') await rename(wav, path);
  else await run(FFMPEG, ['-v', 'error', '-y', '-i', wav, '-codec:a', 'libmp3lame', '-b:a', '32k', path]);
  return { path, transcript };
}

/**
 * Demo uploads of the first demo organisation (a WAV and an MP3, as a seat would upload them with their
 * transcripts), so that the call detail shows text with no speech engine. Skipped when the audio tools are missing.
 */
export async function seedRecordings(ctx: AppContext, org: DemoOrg): Promise<void> {
  if (!canSpeak()) return;
  const owner = org.seatIds[0] ?? org.adminId;
  const session = {
    ...unscoped(org.orgId, 'the demo seed stores recordings for its seats'),
    userId: owner,
    signs: new Set<string>(),
    isSuperAdmin: false,
  } as unknown as Session;
  for (const call of UPLOADS)
    await withTempDir(async (dir) => {
      const { path, transcript } = await speakDemoCall(dir, call.name, call.turns);
      await storeRecording(ctx, session, path, call.name, {
        source: call.source,
        callType: call.callType,
        transcript: JSON.stringify(transcript),
        channel: 'demo',
      });
    });
}
