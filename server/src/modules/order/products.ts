import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import { findScoped, scoped, updateScoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import { checkCustom, PRODUCT_FIELDS } from './customValues';
import { crmProduct } from './schema';

type Calls = typeof contract.product;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type Row = typeof crmProduct.$inferSelect;

const MISSING = '产品不存在';

export const findProduct = (db: Db, s: Session, id: number) => findScoped(db, s, crmProduct, id, { missing: MISSING });

async function refuseTakenCode(db: Db, s: Session, code: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: crmProduct.id })
    .from(crmProduct)
    .where(and(scoped(s, crmProduct), eq(crmProduct.code, code)))
    .limit(1);
  if (taken && taken.id !== exceptId) throw conflict(`code：产品编码“${code}”已存在`);
}

export async function addProduct(db: Db, s: Session, input: Body<'add'>): Promise<Answer<'add'>> {
  await refuseTakenCode(db, s, input.code);
  const custom = await checkCustom(db, s.orgId, PRODUCT_FIELDS, input.custom, 'create');
  const [row] = await db
    .insert(crmProduct)
    .values({
      organizationId: s.orgId,
      name: input.name,
      code: input.code,
      unit: input.unit,
      priceFen: input.priceFen,
      category: input.category ?? null,
      onSale: input.onSale,
      custom,
      remark: input.remark ?? null,
      createdBy: s.userId,
    })
    .returning({ id: crmProduct.id });
  return { id: row.id };
}

export async function updateProduct(db: Db, s: Session, input: Body<'update'>): Promise<Answer<'update'>> {
  const current = await findProduct(db, s, input.id);
  if (input.code !== undefined) await refuseTakenCode(db, s, input.code, input.id);
  const custom =
    input.custom === undefined
      ? undefined
      : { ...current.custom, ...(await checkCustom(db, s.orgId, PRODUCT_FIELDS, input.custom, 'update')) };
  await updateScoped(db, s, crmProduct, {
    id: input.id,
    name: input.name,
    code: input.code,
    unit: input.unit,
    priceFen: input.priceFen,
    category: input.category,
    onSale: input.onSale,
    remark: input.remark,
    custom,
    updatedAt: new Date(),
  });
  return { id: input.id };
}

/** A product leaves the catalogue; the orders that sold it keep its name, code and unit on their lines. */
export async function deleteProduct(db: Db, s: Session, id: number): Promise<Answer<'delete'>> {
  await findProduct(db, s, id);
  await db
    .update(crmProduct)
    .set({ deletedAt: new Date() })
    .where(and(eq(crmProduct.id, id), scoped(s, crmProduct)));
  return { id };
}

const view = (p: Row) => ({
  id: p.id,
  name: p.name,
  code: p.code,
  unit: p.unit,
  priceFen: p.priceFen,
  category: p.category,
  onSale: p.onSale,
  onSaleName: p.onSale === 1 ? '上架' : '下架',
  custom: p.custom,
  remark: p.remark,
  createdAt: formatDateTime(p.createdAt),
});

export async function listProducts(db: Db, s: Session, f: Body<'pagelist'>): Promise<Answer<'pagelist'>> {
  const where = and(
    scoped(s, crmProduct),
    f.keyword
      ? or(ilike(crmProduct.name, likePattern(f.keyword)), ilike(crmProduct.code, likePattern(f.keyword)))
      : undefined,
    f.category ? eq(crmProduct.category, f.category) : undefined,
    f.onSale ? eq(crmProduct.onSale, f.onSale) : undefined,
  );
  const { rows, total } = await pageRows(db, crmProduct, where, [desc(crmProduct.createdAt), desc(crmProduct.id)], f);
  return page(rows.map(view), total, f);
}
