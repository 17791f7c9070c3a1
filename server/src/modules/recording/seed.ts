import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Transcript } from '@crm/core';
import type { AppContext, DemoOrg } from '../../platform/context';
import { unscoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { withTempDir } from './audio';
import { storeRecording } from './upload';

/** Demo calls: who says what, in turn (agent on the left channel, customer on the right). */
const CALLS: { name: string; source: number; callType: number; turns: ['agent' | 'customer', string][] }[] = [
  {
    name: '课程咨询-首次沟通.wav',
    source: 1,
    callType: 1,
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
    name: '价格异议-二次跟进.wav',
    source: 1,
    callType: 1,
    turns: [
      ['agent', '王女士您好，上次给您发的课程资料看了吗'],
      ['customer', '看了，价格有点贵，能不能再便宜一点'],
      ['agent', '这个月报名可以享受八折优惠，还送两节一对一辅导'],
      ['customer', '那我和孩子爸爸商量一下，明天给你答复'],
    ],
  },
];

/**
 * Demo recordings for the first demo organisation, spoken by espeak-ng and mixed to stereo by sox, each uploaded with
 * its transcript (as a telephony platform would) so that the call detail shows text with no speech engine. Skipped
 * when espeak-ng or sox is not installed.
 */
export async function seedRecordings(ctx: AppContext, org: DemoOrg): Promise<void> {
  try {
    execFileSync('espeak-ng', ['--version'], { stdio: 'ignore' });
    execFileSync('sox', ['--version'], { stdio: 'ignore' });
  } catch {
    return;
  }
  const owner = org.seatIds[0] ?? org.adminId;
  const session = {
    ...unscoped(org.orgId, 'the demo seed stores recordings for its seats'),
    userId: owner,
    signs: new Set<string>(),
    isSuperAdmin: false,
  } as unknown as Session;
  for (const call of CALLS) {
    await withTempDir(async (dir) => {
      const left: string[] = [];
      const right: string[] = [];
      const transcript: Transcript = { durationMs: 0, segments: [] };
      let at = 0.5;
      const silence = (s: number, name: string) => {
        const p = join(dir, `${name}.wav`);
        execFileSync('sox', ['-V1', '-n', '-r', '8000', '-c', '1', '-b', '16', p, 'trim', '0', s.toFixed(3)]);
        return p;
      };
      left.push(silence(at, 'l0'));
      right.push(silence(at, 'r0'));
      call.turns.forEach(([who, text], i) => {
        const raw = join(dir, `t${i}.raw.wav`);
        const wav = join(dir, `t${i}.wav`);
        execFileSync('espeak-ng', ['-v', 'cmn', '-s', '165', text, '-w', raw]);
        execFileSync('sox', ['-V1', raw, '-r', '8000', '-c', '1', '-b', '16', wav]);
        const len = Number(execFileSync('soxi', ['-D', wav]).toString());
        const gap = 0.5;
        (who === 'agent' ? left : right).push(wav, silence(gap, `g${i}`));
        (who === 'agent' ? right : left).push(silence(len + gap, `s${i}`));
        transcript.segments.push({
          speaker: who,
          startMs: Math.round(at * 1000),
          endMs: Math.round((at + len) * 1000),
          text,
        });
        at += len + gap;
      });
      transcript.durationMs = Math.round(at * 1000);
      const l = join(dir, 'left.wav');
      const r = join(dir, 'right.wav');
      execFileSync('sox', ['-V1', ...left, l]);
      execFileSync('sox', ['-V1', ...right, r]);
      const out = join(dir, call.name);
      execFileSync('sox', ['-V1', '-M', l, r, out]);
      await storeRecording(ctx, session, out, call.name, {
        source: call.source,
        callType: call.callType,
        transcript: JSON.stringify(transcript),
        channel: 'demo',
      });
    });
  }
}
