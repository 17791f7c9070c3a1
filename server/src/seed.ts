import { AsrStatus } from '@crm/core';
import { sql } from 'drizzle-orm';
import { modules } from './modules';
import { appUser, department, position } from './modules/org/schema';
import { createOrganization } from './modules/org/service';
import { recordingsInState } from './modules/recording';
import { seedCalls } from './modules/telephony';
import type { AppContext, DemoOrg } from './platform/context';
import { hashPassword } from './platform/password';

interface DemoSpec {
  name: string;
  industry: string;
  admin: string;
  adminPhone: string;
  manager: string;
  seats: [string, string][];
  balance: number;
}

/** The demo installation's operator account (its password is the demo's). */
export const DEMO_OPERATOR = 'operator';

/** Seeds two demo organisations on first start (an empty database); returns the login lines to print. */
export async function seedIfEmpty(ctx: AppContext): Promise<string[] | null> {
  const res = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from organization`);
  if (Number(res.rows[0].n) > 0) return null;
  const { password, admin1, admin2 } = ctx.config.seed;
  const started = performance.now();
  const { specs } = await seedDemo(ctx, { password, admin1, admin2 });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  // the installation operator (money, prices and grants), unless OPERATOR_ACCOUNT made one already
  const operator = (await ctx.services.operator.list()).length
    ? null
    : await ctx.services.operator.ensure(DEMO_OPERATOR, password, { operatorId: null, operatorAccount: '演示数据' });
  return [
    `演示机构已创建（用时 ${seconds} 秒），登录账号（密码均为 ${password}）：`,
    `  ${specs[0].name}: 超级管理员 ${admin1}，销售经理 ${specs[0].manager}，坐席 ${specs[0].seats.map((s) => s[0]).join('、')}`,
    `  ${specs[1].name}: 超级管理员 ${admin2}，销售经理 ${specs[1].manager}，坐席 ${specs[1].seats.map((s) => s[0]).join('、')}`,
    ...(operator ? [`  运营后台 /operator（入账、赠送、定价）: 账号 ${DEMO_OPERATOR}，密码 ${password}`] : []),
  ];
}

/**
 * The two demo organisations with every module's demo data. `tag` makes the usernames and phone numbers unique
 * (tests that seed them into a database other tests share).
 */
export async function seedDemo(
  ctx: AppContext,
  opts: { password: string; admin1: string; admin2: string; tag?: string },
): Promise<{ specs: DemoSpec[]; demo: DemoOrg[]; timings: [string, number][] }> {
  const { password, admin1, admin2, tag } = opts;
  const specs: DemoSpec[] = [
    {
      name: '星辰教育科技有限公司',
      industry: '教育培训',
      admin: admin1,
      adminPhone: '13800000001',
      manager: 'manager',
      seats: [
        ['seat01', '张伟'],
        ['seat02', '李娜'],
        ['seat03', '王强'],
      ],
      balance: 1_288_000,
    },
    {
      name: '云帆家居装饰有限公司',
      industry: '家居建材',
      admin: admin2,
      adminPhone: '13900000001',
      manager: 'manager2',
      seats: [
        ['seat21', '赵敏'],
        ['seat22', '孙丽'],
      ],
      balance: 356_050,
    },
  ];
  if (tag)
    for (const [i, spec] of specs.entries()) {
      spec.manager = `${spec.manager}_${tag}`;
      spec.seats = spec.seats.map(([u, name]) => [`${u}_${tag}`, name]);
      spec.adminPhone = `1${String(Math.floor(Math.random() * 9e9) + 1e9).slice(0, 8)}${i}0`;
    }
  const hash = await hashPassword(password);
  const demo: DemoOrg[] = [];
  for (const spec of specs) demo.push(await seedOrganization(ctx, spec, hash));
  const timings: [string, number][] = [];
  const timed = async (name: string, work: () => Promise<unknown>) => {
    const t0 = performance.now();
    await work();
    timings.push([name, Math.round(performance.now() - t0)]);
  };
  for (const m of modules) if (m.seed) await timed(m.name, () => m.seed!(ctx, demo));
  // the day's work after every module's setup: calls placed through the call-event path (their leads, fees,
  // recordings and the analyses of those recordings follow through the services)
  await timed('calls', async () => {
    for (const [i, org] of demo.entries()) {
      await seedCalls(ctx, org, i);
      await analyseStored(ctx, org.orgId);
    }
  });
  return { specs, demo, timings };
}

async function seedOrganization(ctx: AppContext, spec: DemoSpec, passwordHash: string): Promise<DemoOrg> {
  return ctx.db.transaction(async (tx) => {
    const { org, rootDept, roles, admin } = await createOrganization(tx, {
      name: spec.name,
      industry: spec.industry,
      contactName: '系统管理员',
      contactPhone: spec.adminPhone,
      balance: spec.balance,
      admin: { username: spec.admin, realName: '系统管理员', phone: spec.adminPhone, passwordHash },
    });
    const depts = await tx
      .insert(department)
      .values(
        ['销售一部', '销售二部', '客服部'].map((name, i) => ({
          organizationId: org.id,
          parentId: rootDept.id,
          name,
          sortNo: i + 1,
        })),
      )
      .returning();
    const positions = await tx
      .insert(position)
      .values(['销售主管', '销售顾问', '客服专员'].map((name, i) => ({ organizationId: org.id, name, sortNo: i + 1 })))
      .returning();
    const managerRole = roles.find((r) => r.roleSign === 'manager')!;
    const seatRole = roles.find((r) => r.roleSign === 'seat')!;
    const phoneBase = Number(spec.adminPhone) + 1;
    const [manager] = await tx
      .insert(appUser)
      .values({
        organizationId: org.id,
        username: spec.manager,
        realName: '陈经理',
        phone: String(phoneBase),
        passwordHash,
        roleId: managerRole.id,
        deptId: depts[0].id,
        positionId: positions[0].id,
        workStatus: 1,
      })
      .returning();
    const seats = await tx
      .insert(appUser)
      .values(
        spec.seats.map(([username, realName], i) => ({
          organizationId: org.id,
          username,
          realName,
          phone: String(phoneBase + 1 + i),
          passwordHash,
          roleId: seatRole.id,
          deptId: depts[i % 2].id,
          positionId: positions[1].id,
          seatNo: `80${String(i + 1).padStart(2, '0')}`,
          workStatus: 1,
        })),
      )
      .returning();
    return {
      orgId: org.id,
      adminId: admin.id,
      managerId: manager.id,
      seatIds: seats.map((s) => s.id),
      deptIds: [rootDept.id, ...depts.map((d) => d.id)],
    };
  });
}

/** The demo recordings that have a transcript and no analysis yet (the calls' recordings), analysed through the pipeline. */
async function analyseStored(ctx: AppContext, orgId: number): Promise<void> {
  const rows = await recordingsInState(ctx.db, orgId, { asrStatus: AsrStatus.DONE, analysisStatus: 0 });
  for (const r of rows) await ctx.services.analysis.analyseNow(orgId, r.id);
}
