import { fenToYuan, formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { AcquisitionKindName } from '@crm/core/contract/acquisition';
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db';
import { badRequest, forbidden } from '../../../platform/errors';
import { recentPage } from '../../../platform/pagingRecent';
import { verifyPassword } from '../../../platform/password';
import { scoped } from '../../../platform/scope';
import type { Session } from '../../../platform/session';
import { likePattern } from '../../../platform/validation';
import { maskPhone } from '../../clueField';
import { getUser, orgUsersByIds, userCountsByStatus } from '../../org';
import { listExport } from '../listExport';
import { acquisitionCheck, acquisitionOrder, acquisitionUsage } from '../schema';

type Calls = typeof contract.acquisition;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type Kind = 'hkb' | 'jing';

/** How long a 精准线索 security check holds. */
const CHECK_MINUTES = 30;

export async function hkbStatistics(db: Db, s: Session): Promise<Answer<'hkbStatistics'>> {
  const kind = eq(acquisitionUsage.kind, 'hkb');
  const [usage] = await db
    .select({
      total: sql<number>`count(*)::int`,
      month: sql<number>`count(*) filter (where ${acquisitionUsage.createdAt} >= date_trunc('month', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')::int`,
      today: sql<number>`count(*) filter (where ${acquisitionUsage.createdAt} >= date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')::int`,
      users: sql<number>`count(distinct ${acquisitionUsage.userId})::int`,
    })
    .from(acquisitionUsage)
    .where(and(scoped(s, acquisitionUsage), kind));
  const [orders] = await db
    .select({
      leads: sql<string>`coalesce(sum(${acquisitionOrder.leadCount}), 0)`,
      spent: sql<string>`coalesce(sum(${acquisitionOrder.amountFen}), 0)`,
    })
    .from(acquisitionOrder)
    .where(and(scoped(s, acquisitionOrder), eq(acquisitionOrder.kind, 'hkb')));
  const accountCount = (await userCountsByStatus(db, s.orgId)).enabled;
  const bought = Number(orders.leads);
  return {
    accountCount,
    hkBindCount: usage.users,
    totalLeads: usage.total,
    monthLeads: usage.month,
    todayLeads: usage.today,
    boughtLeads: bought,
    leftLeads: Math.max(0, bought - usage.total),
    spentFen: Number(orders.spent),
  };
}

export function listOrders(db: Db, s: Session, kind: Kind, f: Body<'hkbOrders'>): Promise<Answer<'hkbOrders'>> {
  return recentPage(db, s, f, { table: acquisitionOrder, where: [eq(acquisitionOrder.kind, kind)] }, (r) => ({
    id: r.id,
    kind: r.kind,
    kindName: AcquisitionKindName[r.kind as Kind],
    orderNo: r.orderNo,
    packageName: r.packageName,
    leadCount: r.leadCount,
    amountFen: r.amountFen,
    createdAt: formatDateTime(r.createdAt),
  }));
}

/** Usage rows within the role's data scope; phone numbers masked unless `full` (the checked 精准线索 detail). */
export function listUsage(
  db: Db,
  s: Session,
  kind: Kind,
  f: Body<'useDetail'>,
  full = false,
): Promise<Answer<'useDetail'>> {
  return recentPage(
    db,
    s,
    f,
    {
      table: acquisitionUsage,
      owner: acquisitionUsage.userId,
      where: [
        eq(acquisitionUsage.kind, kind),
        f.userId ? eq(acquisitionUsage.userId, f.userId) : undefined,
        f.keyword
          ? or(
              ilike(acquisitionUsage.leadName, likePattern(f.keyword)),
              ilike(acquisitionUsage.company, likePattern(f.keyword)),
            )
          : undefined,
      ],
      user: { of: (r) => r.userId, names: orgUsersByIds },
    },
    (r, userName) => ({
      id: r.id,
      createdAt: formatDateTime(r.createdAt),
      userName,
      leadName: r.leadName,
      company: r.company,
      phone: full ? r.phone : maskPhone(r.phone),
      region: r.region,
      costFen: r.costFen,
    }),
  );
}

export const exportUsage = (db: Db, s: Session, kind: Kind, f: Body<'useDetailExport'>, full = false) =>
  listExport(
    `${AcquisitionKindName[kind]}明细`,
    [
      { header: '时间', width: 20 },
      '使用人',
      '姓名',
      { header: '公司', width: 28 },
      { header: '电话', width: 16 },
      '地区',
      '费用（元）',
    ],
    (p) => listUsage(db, s, kind, p, full),
    f,
    (r) => [r.createdAt, r.userName, r.leadName, r.company, r.phone, r.region, fenToYuan(r.costFen)],
  );

async function verifiedUntil(db: Db, s: Session): Promise<Date | null> {
  const [row] = await db
    .select()
    .from(acquisitionCheck)
    .where(and(eq(acquisitionCheck.userId, s.userId), eq(acquisitionCheck.organizationId, s.orgId)));
  return row && row.verifiedUntil.getTime() > Date.now() ? row.verifiedUntil : null;
}

export async function jingStatus(db: Db, s: Session): Promise<Answer<'jingStatus'>> {
  const [bought] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(acquisitionOrder)
    .where(and(scoped(s, acquisitionOrder), eq(acquisitionOrder.kind, 'jing')));
  return { opened: bought.n > 0 ? 1 : 0, verifiedUntil: formatDateTime(await verifiedUntil(db, s)) };
}

/** The security check before the 精准线索 detail: the user's own password, then 30 minutes. */
export async function jingLogin(db: Db, s: Session, password: string): Promise<Answer<'jingLogin'>> {
  const user = await getUser(db, s.orgId, s.userId);
  if (!user || !(await verifyPassword(user.passwordHash, password))) throw badRequest('password：登录密码不正确');
  const until = new Date(Date.now() + CHECK_MINUTES * 60_000);
  await db
    .insert(acquisitionCheck)
    .values({ userId: s.userId, organizationId: s.orgId, verifiedUntil: until })
    .onConflictDoUpdate({ target: acquisitionCheck.userId, set: { organizationId: s.orgId, verifiedUntil: until } });
  return jingStatus(db, s);
}

/** The 精准线索 detail (full numbers) refuses a session that has not passed the check in the last 30 minutes. */
export async function requireCheck(db: Db, s: Session): Promise<void> {
  if (!(await verifiedUntil(db, s))) throw forbidden('请先完成安全验证');
}
