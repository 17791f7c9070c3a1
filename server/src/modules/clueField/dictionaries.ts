import {
  type DictInput,
  type DictItem,
  DictKindLabel,
  type DictKindName,
  type DictUpdate,
} from '@crm/core/contract/clueField';
import { and, asc, eq, max } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict, must } from '../../platform/errors';
import { updateSet } from '../../platform/update';
import { DictKind } from './fields';
import { clueDict } from './schema';
import { inOrg, sortRows, updateInOrg } from './tenant';

/** The small option lists of an organisation: follow-up ways, statuses, phases, channel sources, lost-order reasons. */

export type DictRow = typeof clueDict.$inferSelect;

const ofKind = (orgId: number, kind: DictKindName) => and(inOrg(orgId, clueDict), eq(clueDict.kind, DictKind[kind]));

/** One list's items in order; `onlyEnabled` leaves out the disabled ones. */
export async function dictRows(db: DbOrTx, orgId: number, kind: DictKindName, onlyEnabled = false): Promise<DictRow[]> {
  const rows = await db
    .select()
    .from(clueDict)
    .where(ofKind(orgId, kind))
    .orderBy(asc(clueDict.sortNo), asc(clueDict.id));
  return onlyEnabled ? rows.filter((r) => r.status === 1) : rows;
}

/** Every dictionary item of the organisation (all kinds) in one query: id → name lookups of the lists. */
export async function dictAll(db: DbOrTx, orgId: number): Promise<DictRow[]> {
  return db.select().from(clueDict).where(inOrg(orgId, clueDict));
}

export async function dictItem(
  db: DbOrTx,
  orgId: number,
  kind: DictKindName,
  id: number,
): Promise<DictRow | undefined> {
  const [row] = await db
    .select()
    .from(clueDict)
    .where(and(eq(clueDict.id, id), ofKind(orgId, kind)));
  return row;
}

/** Throws 400 naming the list when the id is not one of the organisation's items. */
export async function checkDictId(
  db: DbOrTx,
  orgId: number,
  kind: DictKindName,
  id: number | null | undefined,
): Promise<void> {
  if (id === null || id === undefined) return;
  if (!(await dictItem(db, orgId, kind, id))) throw badRequest(`${DictKindLabel[kind]}不存在`);
}

export function dictView(d: DictRow): DictItem {
  return { id: d.id, name: d.name, status: d.status, sortNo: d.sortNo, remark: d.remark ?? '' };
}

export async function dictList(
  db: DbOrTx,
  orgId: number,
  kind: DictKindName,
  onlyEnabled = false,
): Promise<DictItem[]> {
  return (await dictRows(db, orgId, kind, onlyEnabled)).map(dictView);
}

export async function addDict(db: DbOrTx, orgId: number, kind: DictKindName, input: DictInput): Promise<DictItem> {
  const rows = await dictRows(db, orgId, kind);
  if (rows.some((r) => r.name === input.name)) throw conflict(`${DictKindLabel[kind]}“${input.name}”已存在`);
  const [row] = await db
    .insert(clueDict)
    .values({
      organizationId: orgId,
      kind: DictKind[kind],
      name: input.name,
      remark: input.remark,
      status: input.status ?? 1,
      sortNo: rows.length + 1,
    })
    .returning();
  return dictView(row);
}

/** Changes what is given; an update with nothing to change answers the item as it is. */
export async function updateDict(db: DbOrTx, orgId: number, kind: DictKindName, input: DictUpdate): Promise<DictItem> {
  const cur = must(await dictItem(db, orgId, kind, input.id));
  if (input.name && (await dictRows(db, orgId, kind)).some((r) => r.id !== input.id && r.name === input.name))
    throw conflict(`${DictKindLabel[kind]}“${input.name}”已存在`);
  const set = updateSet({ name: input.name, remark: input.remark, status: input.status });
  return dictView(set ? await updateInOrg(db, orgId, clueDict, input.id, set) : cur);
}

export async function deleteDict(db: DbOrTx, orgId: number, kind: DictKindName, id: number): Promise<void> {
  must(await dictItem(db, orgId, kind, id));
  await db.delete(clueDict).where(and(eq(clueDict.id, id), inOrg(orgId, clueDict)));
}

/** The new order, first to last; an id not of this list refuses the whole order (404). */
export async function sortDict(db: Db, orgId: number, kind: DictKindName, ids: number[]): Promise<void> {
  await sortRows(db, clueDict, ids, ofKind(orgId, kind));
}

/** Demo lists of a new organisation (a list it already has is left as it is). */
export async function seedDicts(db: Db, orgId: number): Promise<void> {
  const kinds: [DictKindName, string[]][] = [
    ['followWay', ['电话', '微信', '面谈', '短信', '邮件']],
    ['followStatus', ['未跟进', '跟进中', '有意向', '已成交', '无效']],
    ['followPhase', ['初步接触', '需求确认', '方案报价', '商务谈判', '赢单']],
    ['channelSource', ['官网表单', '抖音广告', '百度推广', '老客户介绍', '展会', '电话营销']],
    ['lostReason', ['价格太高', '选择了竞品', '暂无需求', '联系不上', '预算不足']],
  ];
  for (const [kind, names] of kinds) {
    const [{ n }] = await db
      .select({ n: max(clueDict.id) })
      .from(clueDict)
      .where(ofKind(orgId, kind));
    if (n) continue;
    await db
      .insert(clueDict)
      .values(names.map((name, i) => ({ organizationId: orgId, kind: DictKind[kind], name, sortNo: i + 1 })));
  }
}
