import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { AiModelKindName } from '@crm/core/contract/aiSetting';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
import { createLlmClient, type LlmClient, type LlmConfig } from '../../platform/llm';
import { checkUrl } from '../../platform/outbound';
import { findScoped, type Scope, scoped, updateScoped } from '../../platform/scope';
import { isSealed, openSecret, SECRET_PREFIX, sealSecret } from '../../platform/secrets';
import type { Session } from '../../platform/session';
import { aiModel } from './schema';

/** Analysis models (/aiModel): the built-in analyser, always there, and OpenAI-compatible endpoints; one active. */

type Calls = typeof contract.aiSetting;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
export type ModelRow = typeof aiModel.$inferSelect;

export const BUILTIN_MODEL_NAME = '内置分析';
const MISSING = '模型不存在';
const MAX_MODELS = 20;
/** A test waits at most this long, whatever the model's own time limit. */
const TEST_TIMEOUT_MS = 30_000;
/** A stored key goes only to the address it was saved with. */
export const KEY_FOR_NEW_ADDRESS = '修改地址后请重新输入密钥';

/** An organisation's base URL passes the outbound-address policy's static checks (platform/outbound.ts). */
function checkBaseUrl(url: string | undefined): void {
  const problem = url === undefined ? null : checkUrl(url);
  if (problem) throw badRequest(`baseUrl：${problem}`);
}

/** Two base URLs name the same endpoint (trailing slashes aside). */
const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').replace(/\/+$/, '') === (b ?? '').replace(/\/+$/, '');

/** The stored key in plain text ('' when it cannot be opened: the key must be entered again). */
function keyOf(m: ModelRow): string | null {
  try {
    return openSecret(m.apiKey) ?? null;
  } catch {
    return null;
  }
}

/** Seals the keys stored before encryption at rest (idempotent; a row changed meanwhile is left to its writer). */
export async function sealStoredKeys(db: Db): Promise<number> {
  const rows = await db
    .select({ id: aiModel.id, apiKey: aiModel.apiKey })
    .from(aiModel)
    .where(sql`${aiModel.apiKey} <> '' and ${aiModel.apiKey} not like ${`${SECRET_PREFIX}%`}`);
  for (const r of rows)
    if (r.apiKey && !isSealed(r.apiKey))
      await db
        .update(aiModel)
        .set({ apiKey: sealSecret(r.apiKey) })
        .where(and(eq(aiModel.id, r.id), eq(aiModel.apiKey, r.apiKey)));
  return rows.length;
}

/** `sk-****abcd`: enough to recognise a key, never enough to use it. */
export function maskKey(key: string | null | undefined): string | null {
  if (!key) return null;
  return key.length <= 8 ? '****' : `${key.slice(0, 3)}****${key.slice(-4)}`;
}

/**
 * The built-in model of the organisation exists, and some model is active (the built-in one when no other is).
 * Idempotent; the partial unique indexes keep one built-in and one active model even under concurrent calls.
 */
export async function ensureBuiltin(db: DbOrTx, orgId: number): Promise<void> {
  await db
    .insert(aiModel)
    .values({ organizationId: orgId, name: BUILTIN_MODEL_NAME, kind: 'builtin', active: false })
    .onConflictDoNothing();
  await db.execute(sql`
    update ${aiModel} set active = true
    where ${aiModel.organizationId} = ${orgId} and ${aiModel.kind} = 'builtin'
      and not exists (select 1 from ${aiModel} m where m.organization_id = ${orgId} and m.active)`);
}

export async function modelRows(db: Db, s: Scope): Promise<ModelRow[]> {
  await ensureBuiltin(db, s.orgId);
  return db
    .select()
    .from(aiModel)
    .where(scoped(s, aiModel))
    .orderBy(sql`${aiModel.kind} = 'builtin' desc`, asc(aiModel.id));
}

/** The model in use. */
export async function activeModel(db: Db, s: Scope): Promise<ModelRow> {
  const rows = await modelRows(db, s);
  return rows.find((m) => m.active) ?? rows[0];
}

export function presentModel(m: ModelRow): Answer<'modelList'>[number] {
  const kind = m.kind === 'openai' ? 'openai' : 'builtin';
  return {
    id: m.id,
    name: m.name,
    kind,
    kindName: AiModelKindName[kind],
    baseUrl: m.baseUrl,
    apiKeyMasked: m.apiKey && !keyOf(m) ? '****' : maskKey(keyOf(m)),
    model: m.model,
    timeoutMs: m.timeoutMs,
    active: m.active,
    createdAt: formatDateTime(m.createdAt),
    updatedAt: formatDateTime(m.updatedAt),
  };
}

export const clientOf = (m: ModelRow, timeoutMs = m.timeoutMs): LlmClient =>
  createLlmClient({ baseUrl: m.baseUrl ?? '', apiKey: keyOf(m), model: m.model ?? '', timeoutMs });

export async function saveModel(db: Db, s: Session, input: Body<'modelSave'>): Promise<Answer<'modelSave'>> {
  checkBaseUrl(input.baseUrl);
  await ensureBuiltin(db, s.orgId);
  const [{ n }] = await db.select({ n: count() }).from(aiModel).where(scoped(s, aiModel));
  if (n >= MAX_MODELS) throw conflict(`分析模型最多 ${MAX_MODELS} 个`);
  return db.transaction(async (tx) => {
    if (input.active) await tx.update(aiModel).set({ active: false }).where(scoped(s, aiModel));
    const [row] = await tx
      .insert(aiModel)
      .values({
        organizationId: s.orgId,
        name: input.name,
        kind: 'openai',
        baseUrl: input.baseUrl,
        apiKey: sealSecret(input.apiKey) || null,
        model: input.model,
        timeoutMs: input.timeoutMs,
        active: input.active,
        createdBy: s.userId,
      })
      .returning({ id: aiModel.id });
    return { id: row.id };
  });
}

/**
 * Changes a model. `active: true` makes it the one in use; `active: false` on the model in use hands over to the
 * built-in one. The built-in model can only be made active.
 */
export async function updateModel(db: Db, s: Session, input: Body<'modelUpdate'>): Promise<Answer<'modelUpdate'>> {
  const { id, active, apiKey, ...fields } = input;
  await ensureBuiltin(db, s.orgId);
  const row = await findScoped(db, s, aiModel, id, { missing: MISSING });
  if (row.kind === 'builtin') {
    if (Object.values(fields).some((v) => v !== undefined) || apiKey !== undefined)
      throw badRequest('内置分析模型不能修改，只能设为启用');
    if (active === false) throw badRequest('请启用另一个模型来替换内置分析模型');
  }
  checkBaseUrl(fields.baseUrl);
  // the stored key was given for the stored address: a new address needs the key again
  if (fields.baseUrl !== undefined && !sameAddress(fields.baseUrl, row.baseUrl) && row.apiKey && !apiKey)
    throw badRequest(`apiKey：${KEY_FOR_NEW_ADDRESS}`);
  await db.transaction(async (tx) => {
    if (active === true && !row.active) {
      await tx.update(aiModel).set({ active: false }).where(scoped(s, aiModel));
      await tx
        .update(aiModel)
        .set({ active: true })
        .where(and(scoped(s, aiModel), eq(aiModel.id, id)));
    }
    const changes = { ...fields, ...(apiKey ? { apiKey: sealSecret(apiKey) } : {}) };
    if (Object.values(changes).some((v) => v !== undefined))
      await updateScoped(tx, s, aiModel, { id, ...changes, updatedAt: new Date() });
    if (active === false && row.active) {
      await tx
        .update(aiModel)
        .set({ active: false })
        .where(and(scoped(s, aiModel), eq(aiModel.id, id)));
      await ensureBuiltin(tx, s.orgId);
    }
  });
  return { id };
}

export async function deleteModel(db: Db, s: Session, id: number): Promise<Answer<'modelDelete'>> {
  const row = await findScoped(db, s, aiModel, id, { missing: MISSING });
  if (row.kind === 'builtin') throw badRequest('内置分析模型不能删除');
  await db.transaction(async (tx) => {
    await tx.delete(aiModel).where(and(scoped(s, aiModel), eq(aiModel.id, id)));
    await ensureBuiltin(tx, s.orgId);
  });
  return { id };
}

/**
 * Sends a probe through the client: a saved model (id), the form's unsaved values, or a saved model with some values
 * changed in the form (a blank key keeps the saved one, but only for the saved address: a changed address needs the
 * key again, so that a stored key is never sent elsewhere). A failure is an answer with ok false and its reason.
 */
export async function testModel(db: Db, s: Session, input: Body<'modelTest'>): Promise<Answer<'modelTest'>> {
  const saved = input.id ? await findScoped(db, s, aiModel, input.id, { missing: MISSING }) : null;
  const formGiven = input.baseUrl !== undefined || input.model !== undefined || input.apiKey !== undefined;
  if (saved?.kind === 'builtin' && !formGiven)
    return { ok: true, latencyMs: 0, message: '内置分析在本机运行，无需联网，可以直接使用' };
  checkBaseUrl(input.baseUrl);
  const moved = input.baseUrl !== undefined && !sameAddress(input.baseUrl, saved?.baseUrl);
  if (saved?.apiKey && moved && !input.apiKey) throw badRequest(`apiKey：${KEY_FOR_NEW_ADDRESS}`);
  const cfg: LlmConfig = {
    baseUrl: input.baseUrl ?? saved?.baseUrl ?? '',
    apiKey: input.apiKey || (saved && !moved ? keyOf(saved) : null) || null,
    model: input.model ?? saved?.model ?? '',
    timeoutMs: Math.min(input.timeoutMs ?? saved?.timeoutMs ?? TEST_TIMEOUT_MS, TEST_TIMEOUT_MS),
  };
  if (!cfg.baseUrl) throw badRequest('baseUrl：请输入接口地址');
  if (!cfg.model) throw badRequest('model：请输入模型');
  try {
    const { latencyMs } = await createLlmClient(cfg).probe();
    return { ok: true, latencyMs, message: `连接成功，耗时 ${latencyMs} ms` };
  } catch (e) {
    return { ok: false, latencyMs: null, message: `测试失败：${(e as Error).message}` };
  }
}
