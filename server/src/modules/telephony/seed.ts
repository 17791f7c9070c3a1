import type { AppContext, DemoOrg } from '../../platform/context';
import { unscoped } from '../../platform/scope';
import { sealSecret } from '../../platform/secrets';
import type { Session } from '../../platform/session';
import { clueIdsOfFilter } from '../clue';
import { setOrgSetting } from '../org';
import { callFiling, callGuard, callLine, callNumberList, callSeat, callTask, callTaskLead } from './schema';

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
