// A practice-script training completes itself when its trainee passes a session of that script (`practice.ended`):
// not on a failed session, not another person's or another script's training, never one of another organisation.
import { formatDateTime } from '@crm/core';
import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { ok } from '../../test/org';
import { newScript, say } from './practiceTest';

const c = contract.training;
const p = contract.chatScriptTrainingSession;
const inDays = (d: number) => formatDateTime(new Date(Date.now() + d * 86_400_000))!;

describe('practice-script trainings complete themselves', () => {
  const t = useTestApp();

  it('a passed session of the script completes the trainee’s open training of it, with the score as the note', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const scriptId = await newScript(t(), org);
    const otherScript = await newScript(t(), org, { name: '另一个剧本' });
    const foreignScript = await newScript(t(), other);
    const assign = async (o: typeof org, id: number, userIds: number[]) =>
      ok(
        await t().callRaw(
          c.rpcAddCallTrainLog,
          { scriptId: id, scriptName: '剧本', userIds, deadline: inDays(3) },
          { token: o.admin.token },
        ),
      );
    await assign(org, scriptId, [org.seat.userId, org.otherSeat.userId]);
    await assign(org, otherScript, [org.seat.userId]);
    await assign(other, foreignScript, [other.seat.userId]);
    const statuses = async (token: string) =>
      Object.fromEntries(
        ok(await t().call(c.callTrainPage, {}, { token })).lists.map((r: any) => [
          `${r.userName}:${r.scriptId}`,
          [r.statusName, r.takeaway ?? null],
        ]),
      );

    const session = async (lines: string[]) => {
      const id = ok(await t().call(p.start, { scriptId }, { token: org.seat.token })).sessionId;
      for (const line of lines) await say(t(), org.seat.token, id, line);
      return ok(await t().call(p.end, { sessionId: id }, { token: org.seat.token }));
    };
    // a failed session completes nothing
    expect(await session(['你好'])).toMatchObject({ passed: false });
    expect(Object.values(await statuses(org.admin.token)).map(([s]) => s)).toEqual(['未开始', '未开始', '未开始']);

    const passed = await session([
      '您好，我是星辰培训的课程顾问小王',
      '这个课程的价格是三千元一期',
      '那我们加个微信，约个时间详细聊',
    ]);
    expect(passed.passed).toBe(true);
    // the answer to end is given after the training is completed (eager consumer)
    const after = await statuses(org.admin.token);
    expect(after[`坐席甲:${scriptId}`]).toEqual([
      '已完成',
      `AI 陪练通过（${passed.totalScore} 分，陪练 #${passed.sessionId}）`,
    ]);
    expect(after[`坐席甲:${otherScript}`]?.[0]).toBe('未开始');
    expect(Object.entries(after).filter(([k]) => !k.startsWith('坐席甲:'))[0][1][0]).toBe('未开始');
    expect(Object.values(await statuses(other.admin.token)).map(([s]) => s)).toEqual(['未开始']);
  });
});
