import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { MAX_AI_FIELDS } from '@crm/core/contract/aiSetting';
import { and, asc, count, eq } from 'drizzle-orm';
import type { AiFieldRule } from '../../lib/analyser/types';
import type { Db } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { findScoped, type Scope, scoped, updateScoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { aiField } from './schema';
import { patchSetting, settingRow } from './settingRow';

/** AI fields (/aiField, /asr/V1/getOrgAIFieldList): what the analysis fills from a call. */

type Calls = typeof contract.aiSetting;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type FieldRow = typeof aiField.$inferSelect;

const MISSING = 'AI 字段不存在';

/**
 * The organisation's fields, all of them, in order. On the first read the analyser's default fields are written,
 * once: an organisation that deletes them does not get them back.
 */
export async function fieldRows(db: Db, s: Scope, defaults: AiFieldRule[]): Promise<FieldRow[]> {
  const setting = await settingRow(db, s);
  if (!setting?.fieldsSeeded) {
    if (defaults.length)
      await db
        .insert(aiField)
        .values(
          defaults.map((f, i) => ({
            organizationId: s.orgId,
            key: f.key,
            name: f.name.slice(0, 20),
            description: f.description?.slice(0, 200) ?? null,
            hints: f.hints ?? [],
            sort: i + 1,
          })),
        )
        .onConflictDoNothing();
    await patchSetting(db, s, { fieldsSeeded: true });
  }
  return db.select().from(aiField).where(scoped(s, aiField)).orderBy(asc(aiField.sort), asc(aiField.id));
}

export const presentField = (f: FieldRow) => ({
  id: f.id,
  key: f.key,
  name: f.name,
  description: f.description,
  hints: f.hints,
  enabled: f.enabled,
  sort: f.sort,
});

export async function saveField(db: Db, s: Session, input: Body<'fieldSave'>): Promise<Answer<'fieldSave'>> {
  const [{ n }] = await db.select({ n: count() }).from(aiField).where(scoped(s, aiField));
  if (n >= MAX_AI_FIELDS) throw conflict(`AI 字段最多 ${MAX_AI_FIELDS} 个`);
  const [same] = await db
    .select({ id: aiField.id })
    .from(aiField)
    .where(and(scoped(s, aiField), eq(aiField.key, input.key)))
    .limit(1);
  if (same) throw conflict(`字段标识「${input.key}」已存在`);
  const [row] = await db
    .insert(aiField)
    .values({
      organizationId: s.orgId,
      key: input.key,
      name: input.name,
      description: input.description ?? null,
      hints: input.hints,
      enabled: input.enabled,
      sort: input.sort ?? n + 1,
    })
    .returning({ id: aiField.id });
  return { id: row.id };
}

export async function updateField(db: Db, s: Session, input: Body<'fieldUpdate'>): Promise<Answer<'fieldUpdate'>> {
  const { id, ...fields } = input;
  await findScoped(db, s, aiField, id, { missing: MISSING });
  if (Object.values(fields).some((v) => v !== undefined))
    await updateScoped(db, s, aiField, { id, ...fields, updatedAt: new Date() });
  return { id };
}

export async function deleteField(db: Db, s: Session, id: number): Promise<Answer<'fieldDelete'>> {
  await findScoped(db, s, aiField, id, { missing: MISSING });
  await db.delete(aiField).where(and(scoped(s, aiField), eq(aiField.id, id)));
  return { id };
}
