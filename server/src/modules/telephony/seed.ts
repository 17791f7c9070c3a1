import { randomUUID } from 'node:crypto';
import type { CallEndReasonKey } from '@crm/core/contract/telephony';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext, DemoOrg } from '../../platform/context';
import { anyOf, unscoped } from '../../platform/scope';
import { sealSecret } from '../../platform/secrets';
import type { Session } from '../../platform/session';
import { clueIdsOfFilter, leadRows } from '../clue';
import { setOrgSetting } from '../org';
import { canSpeak, type DemoTurn, speakDemoCall, withTempDir } from '../recording';
import {
  callFiling,
  callGuard,
  callLine,
  callNumberList,
  callRecord,
  callSeat,
  callTask,
  callTaskLead,
} from './schema';

/** Demo calling setup: lines, seats bound to the seats, number protection, risk numbers, a task, a filing. */
export async function seedTelephony(ctx: AppContext, org: DemoOrg, index: number): Promise<void> {
  const { db } = ctx;
  const area = index === 0 ? '021' : '0571';
  const [line] = await db
    .insert(callLine)
    .values([
      {
        organizationId: org.orgId,
        name: index === 0 ? '上海电信中继' : '杭州移动中继',
        numbers: [`${area}6218${index}301`, `${area}6218${index}302`],
        gateway: index === 0 ? 'sh-telecom' : 'hz-mobile',
      },
    ])
    .returning();
  await db.insert(callSeat).values(
    [...org.seatIds, null, null].map((userId, i) => ({
      organizationId: org.orgId,
      seatNo: `${8001 + i + index * 100}`,
      userId,
      lineId: line.id,
      displayNumber: userId ? line.numbers[i % line.numbers.length] : null,
      sipPassword: sealSecret(`demo${org.orgId}x${i}${Math.random().toString(36).slice(2, 10)}`),
      boundAt: userId ? new Date() : null,
      expireAt: new Date(Date.now() + 365 * 86_400_000),
    })),
  );
  await db.insert(callGuard).values({ organizationId: org.orgId, status: 1, dailyLimit: 3, weeklyLimit: 10 });
  await db.insert(callNumberList).values([
    {
      organizationId: org.orgId,
      kind: 1,
      phone: '13917770321',
      riskType: 1,
      reason: '曾向 12315 投诉推销电话',
      createdBy: org.adminId,
    },
    {
      organizationId: org.orgId,
      kind: 2,
      phone: '13588820417',
      riskType: 2,
      reason: '客户明确要求不再来电',
      createdBy: org.adminId,
    },
  ]);
  const manager: Session = {
    sessionId: 'seed',
    userId: org.managerId,
    ...unscoped(org.orgId, "the demo seed writes the organisation's settings"),
    username: 'seed',
    deptId: null,
    roleId: null,
    roleSign: 'manager',
    dataScope: 3,
    signs: new Set(),
    isSuperAdmin: false,
  };
  // the closing words the workbench shows after each call
  await setOrgSetting(db, manager, 'callEndingScript', {
    content:
      index === 0
        ? '感谢您的时间！试听课的时间和地址稍后发到您手机上，有任何问题随时联系我，祝您生活愉快，再见！'
        : '感谢您的耐心！设计方案我整理好后微信发您，量房师傅上门前会提前一天跟您确认时间，再见！',
  });
  const clueIds = await clueIdsOfFilter(db, ctx.services.clue.lists, manager, { type: 1 }, 12);
  if (clueIds.length) {
    const [task] = await db
      .insert(callTask)
      .values({
        organizationId: org.orgId,
        name: index === 0 ? '11 月试听课邀约' : '双十二全屋定制回访',
        status: 2,
        seatUserIds: org.seatIds.slice(0, 2),
        creatorId: org.managerId,
        remark: index === 0 ? '优先联系近 7 天新增线索' : '回访已量房未签约客户',
      })
      .returning();
    await db
      .insert(callTaskLead)
      .values(clueIds.map((clueId, i) => ({ organizationId: org.orgId, taskId: task.id, clueId, sortNo: i })));
  }
  await db.insert(callFiling).values({
    organizationId: org.orgId,
    companyName: index === 0 ? '星辰教育科技有限公司' : '云帆家居装饰有限公司',
    numbers: line.numbers,
    script:
      index === 0
        ? '您好，我是星辰教育的课程顾问，看到您之前咨询过成人学历提升，这边有一节免费试听课想邀请您参加……'
        : '您好，我是云帆家居的设计顾问，您上个月预约过免费量房，想跟您确认一下设计方案的沟通时间……',
    materials: ['/api/files/demo/business-license.png', '/api/files/demo/number-commitment.pdf'],
    status: 2,
    auditRemark: '资料齐全，准予报备',
    submittedBy: org.adminId,
  });
}

const DAY_MS = 86_400_000;
/** Why the unanswered demo calls ended, in turn. */
const MISSED: CallEndReasonKey[] = ['no_answer', 'busy', 'rejected', 'unreachable'];
/** What the answered demo calls with a recording say (the provider's transcript comes with the file). */
const RECORDED: { ext: 'wav' | 'mp3'; turns: DemoTurn[] }[] = [
  {
    ext: 'wav',
    turns: [
      ['agent', '您好，我是课程顾问小李，您上周在网上咨询过成人学历提升对吧'],
      ['customer', '对，我想了解一下专升本要多久'],
      ['agent', '两年半左右，周末上课，不影响工作，学费可以分期'],
      ['customer', '那你把招生简章发我看看，我考虑一下'],
    ],
  },
  {
    ext: 'mp3',
    turns: [
      ['agent', '您好，上次说的试听课安排在这周六上午十点，您方便过来吗'],
      ['customer', '周六可以，地址在哪里'],
      ['agent', '在人民广场地铁站旁边，我把定位发您微信'],
      ['customer', '好的，到时候见'],
    ],
  },
];

/**
 * The demo organisation's calls, placed as a seat's would be: the record written before dialling, then the
 * provider's events applied through the telephony service's call-event path (`handleEvent`), so that the lead's call
 * status, the fee charged by billing, the statistics and the boards all follow from the same records. Two answered
 * calls of the first organisation come with a recording (a WAV and an MP3, with the provider's transcript), stored
 * through the recordings pipeline. Run after every module's seed (billing's rates must exist). Answers the calls made.
 */
export async function seedCalls(ctx: AppContext, org: DemoOrg, index: number): Promise<number> {
  const { db } = ctx;
  const seats = await db
    .select({
      id: callSeat.id,
      seatNo: callSeat.seatNo,
      userId: callSeat.userId,
      lineId: callSeat.lineId,
      shown: callSeat.displayNumber,
    })
    .from(callSeat)
    .where(and(eq(callSeat.organizationId, org.orgId), inArray(callSeat.userId, org.seatIds)));
  if (!seats.length) return 0;
  const every = { orgId: org.orgId, visibleUserIds: null };
  const leads = (
    await db.execute<{ id: number; owner_id: number }>(
      sql`select id, owner_id from (${leadRows(every)}) l
        where ${anyOf(sql`owner_id`, org.seatIds)}
        order by id limit ${index === 0 ? 24 : 12}`,
    )
  ).rows;
  const tel = ctx.services.telephony;
  const speak = index === 0 && canSpeak();
  let recorded = 0;
  const now = Date.now();
  for (const [i, lead] of leads.entries()) {
    const seat = seats.find((x) => x.userId === Number(lead.owner_id)) ?? seats[i % seats.length];
    const found = await ctx.services.clue.findById(org.orgId, Number(lead.id));
    if (!found?.phone) continue;
    // spread over the last three weeks, during working hours; a third today
    const day = i % 3 === 0 ? 0 : 1 + (i % 20);
    const start = new Date(now - day * DAY_MS - (day === 0 ? (i + 1) * 240_000 : (3 + (i % 6)) * 3_600_000));
    const callId = randomUUID();
    await db.insert(callRecord).values({
      organizationId: org.orgId,
      callId,
      provider: 'cloud',
      userId: seat.userId!,
      seatId: seat.id,
      seatNo: seat.seatNo,
      lineId: seat.lineId,
      clueId: Number(lead.id),
      phone: found.phone,
      displayNumber: seat.shown,
      createdAt: start,
    });
    const answered = i % 5 !== 1 && i % 5 !== 3;
    const talk = answered ? 35 + ((i * 97) % 420) : 0;
    const at = (s: number) => new Date(start.getTime() + s * 1000);
    const ev = (eventKey: string, type: 'answered' | 'ended', s: number, more = {}) =>
      tel.handleEvent({ callId, eventKey, type, at: at(s), providerCallId: `demo-${callId.slice(0, 8)}`, ...more });
    // the provider's answer event, then its hang-up with the talk seconds (the hang-up alone settles a missed call)
    if (answered) await ev('answered', 'answered', 9);
    const row = await ev('hangup', 'ended', 9 + talk, {
      billableSeconds: talk,
      reason: answered ? 'answered' : MISSED[i % MISSED.length],
    });
    if (row && answered && speak && recorded < RECORDED.length) {
      const r = RECORDED[recorded++];
      await withTempDir(async (dir) => {
        const { path, transcript } = await speakDemoCall(dir, `call.${r.ext}`, r.turns);
        await tel.attachRecording(row, path, r.ext, JSON.stringify(transcript));
      });
    }
  }
  return leads.length;
}
