import { randomBytes } from 'node:crypto';
import { fenToYuan, formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { ENTRY_TYPE_NAMES, type EntryTypeCode } from '@crm/core/contract/billing';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import type { OperatorSession } from '../../platform/operatorSession';
import { page } from '../../platform/paging';
import { recentPage } from '../../platform/pagingRecent';
import { scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { orgUserPage, orgUsersByIds, userCountsByStatus } from '../org';
import { DEFAULT_LINE } from './callFees';
import type { PaymentGateways } from './gateways';
import { balanceOf, post } from './ledger';
import { listExport } from './listExport';
import { billingEntry, callFee, callRate } from './schema';
import { seatRateOf } from './seatFees';

type Calls = typeof contract.billing;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;

export async function getBalance(db: Db, s: Session, gateways: PaymentGateways): Promise<Answer<'getBalance'>> {
  return {
    balanceFen: await balanceOf(db, s.orgId),
    channels: (['wechat', 'alipay'] as const).filter((c) => gateways[c]),
  };
}

export function listEntries(
  db: Db,
  s: Session,
  f: Body<'accountRecordPageList'>,
): Promise<Answer<'accountRecordPageList'>> {
  return recentPage(
    db,
    s,
    f,
    {
      table: billingEntry,
      where: [f.type ? eq(billingEntry.type, f.type) : undefined],
      user: { of: (r) => r.createdBy, names: orgUsersByIds },
    },
    (r, userName) => ({
      id: r.id,
      type: r.type,
      typeName: ENTRY_TYPE_NAMES[r.type as EntryTypeCode] ?? r.type,
      amountFen: r.amountFen,
      balanceAfterFen: r.balanceAfterFen,
      remark: r.remark,
      // a credit by hand is the installation operator's (平台运营), not a user's of the organisation
      createdByName: r.createdBy ? userName : r.type === 'manual' ? PLATFORM_OPERATOR : null,
      createdAt: formatDateTime(r.createdAt),
    }),
  );
}

/** Who an entry of the installation operator shows as its author. */
export const PLATFORM_OPERATOR = '平台运营';

export const exportEntries = (db: Db, s: Session, f: Body<'accountRecordExport'>) =>
  listExport(
    '收支明细',
    [{ header: '时间', width: 20 }, '类型', '金额（元）', '余额（元）', { header: '说明', width: 40 }, '操作人'],
    (p) => listEntries(db, s, p),
    f,
    (r) => [r.createdAt, r.typeName, fenToYuan(r.amountFen), fenToYuan(r.balanceAfterFen), r.remark, r.createdByName],
  );

/**
 * The installation operator's credit by hand (a bank transfer, a recharge with no gateway configured) to the
 * organisation it names, with its reason. No organisation user writes it: the entry has no createdBy.
 */
export async function manualCredit(
  db: Db,
  op: OperatorSession,
  input: Body<'manualCredit'>,
): Promise<Answer<'manualCredit'>> {
  const r = await post(db, input.organizationId, {
    type: 'manual',
    amountFen: input.amountFen,
    refKey: `manual:op${op.operatorId}:${Date.now()}:${randomBytes(6).toString('hex')}`,
    remark: input.reason,
    createdBy: null,
  });
  if (!r.ok) throw badRequest('入账失败');
  return { id: r.entryId };
}

export async function listCallRates(db: Db, orgId: number): Promise<Answer<'callRateList'>> {
  const rows = await db.select().from(callRate).where(eq(callRate.organizationId, orgId)).orderBy(callRate.line);
  return {
    lists: rows.map((r) => ({
      id: r.id,
      line: r.line,
      rateFenPerMinute: r.rateFenPerMinute,
      updatedAt: formatDateTime(r.updatedAt),
    })),
  };
}

/** The operator sets a line's rate of the organisation it names (the line '默认', kept as '*', is the default). */
export async function saveCallRate(db: Db, input: Body<'saveCallRate'>): Promise<Answer<'saveCallRate'>> {
  const line = input.line === '默认' ? DEFAULT_LINE : input.line;
  const [row] = await db
    .insert(callRate)
    .values({ organizationId: input.organizationId, line, rateFenPerMinute: input.rateFenPerMinute, updatedBy: null })
    .onConflictDoUpdate({
      target: [callRate.organizationId, callRate.line],
      set: { rateFenPerMinute: input.rateFenPerMinute, updatedBy: null, updatedAt: new Date() },
    })
    .returning({ id: callRate.id });
  return { id: row.id };
}

export function listCallFees(db: Db, s: Session, f: Body<'callFeePageList'>): Promise<Answer<'callFeePageList'>> {
  return recentPage(
    db,
    s,
    f,
    {
      table: callFee,
      owner: callFee.userId,
      where: [f.line ? eq(callFee.line, f.line) : undefined, f.userId ? eq(callFee.userId, f.userId) : undefined],
      user: { of: (r) => r.userId, names: orgUsersByIds },
    },
    (r, userName) => ({
      id: r.id,
      callId: r.callId,
      line: r.line,
      userName,
      billableSeconds: r.billableSeconds,
      minutes: r.minutes,
      rateFenPerMinute: r.rateFenPerMinute,
      amountFen: r.amountFen,
      createdAt: formatDateTime(r.createdAt),
    }),
  );
}

export const exportCallFees = (db: Db, s: Session, f: Body<'callFeeExport'>) =>
  listExport(
    '通话费',
    [
      { header: '时间', width: 20 },
      { header: '通话 ID', width: 24 },
      '线路',
      '坐席',
      '计费时长（秒）',
      '计费分钟',
      '费率（元/分钟）',
      '费用（元）',
    ],
    (p) => listCallFees(db, s, p),
    f,
    (r) => [
      r.createdAt,
      r.callId,
      r.line,
      r.userName,
      r.billableSeconds,
      r.minutes,
      fenToYuan(r.rateFenPerMinute),
      fenToYuan(r.amountFen),
    ],
  );

export async function seatCount(db: Db, s: Session): Promise<Answer<'getSeatCount'>> {
  const users = await userCountsByStatus(db, s.orgId);
  const [fees] = await db
    .select({ sum: sql<string>`coalesce(-sum(${billingEntry.amountFen}), 0)` })
    .from(billingEntry)
    .where(and(scoped(s, billingEntry), eq(billingEntry.type, 'seat_fee')));
  return {
    seatCount: users.enabled,
    disabledCount: users.disabled,
    seatFeeFen: Number(fees.sum),
    seatRateFenPerMonth: await seatRateOf(db, s.orgId),
  };
}

export async function listSeats(db: Db, s: Session, f: Body<'seatPageList'>): Promise<Answer<'seatPageList'>> {
  const { rows, total } = await orgUserPage(db, s.orgId, f);
  return page(
    rows.map((u) => ({
      id: u.id,
      realName: u.realName,
      username: u.username,
      status: u.status,
      statusName: u.status === 1 ? '启用' : '停用',
      createdAt: formatDateTime(u.createdAt),
    })),
    total,
    f,
  );
}
