import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { type AiTagSpeaker, AiTagSpeakerName } from '@crm/core/contract/aiSetting';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import { findScoped, type Scope, scoped, updateScoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import { aiTag, aiTagGroup } from './schema';

/** AI tag groups and AI tags (/aiTagOrganization, /asr/V1/aiTagGroupAndAiTag). */

type Calls = typeof contract.aiSetting;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type TagRow = typeof aiTag.$inferSelect;
type GroupRow = typeof aiTagGroup.$inferSelect;

export const MAX_AI_TAGS = 500;
const MAX_GROUPS = 50;

const TAG_MISSING = 'AI 标签不存在';
const GROUP_MISSING = 'AI 标签组不存在';

export async function tagGroups(db: DbOrTx, s: Scope): Promise<GroupRow[]> {
  return db.select().from(aiTagGroup).where(scoped(s, aiTagGroup)).orderBy(asc(aiTagGroup.sort), asc(aiTagGroup.id));
}

export async function allTags(db: DbOrTx, s: Scope): Promise<TagRow[]> {
  return db.select().from(aiTag).where(scoped(s, aiTag)).orderBy(asc(aiTag.sort), asc(aiTag.id));
}

/** Every group with its tags, in sort order (the tag filter of the call-analysis list, the tag settings). */
export async function tagGroupsWithTags(db: Db, s: Scope): Promise<Answer<'tagGroupAndTag'>> {
  const [groups, tags] = await Promise.all([tagGroups(db, s), allTags(db, s)]);
  const names = new Map(groups.map((g) => [g.id, g.name]));
  return groups.map((g) => {
    const own = tags.filter((t) => t.groupId === g.id).map((t) => presentTag(t, names));
    return { id: g.id, name: g.name, sort: g.sort, tagCount: own.length, tags: own };
  });
}

export async function listTags(db: Db, s: Session, f: Body<'tagList'>): Promise<Answer<'tagList'>> {
  const keyword = f.keyword ? likePattern(f.keyword) : undefined;
  const where = and(
    scoped(s, aiTag),
    f.groupId ? eq(aiTag.groupId, f.groupId) : undefined,
    f.show === undefined ? undefined : eq(aiTag.show, f.show),
    keyword ? or(ilike(aiTag.name, keyword), sql`array_to_string(${aiTag.keywords}, ' ') ilike ${keyword}`) : undefined,
  );
  const [{ rows, total }, groups, counts] = await Promise.all([
    pageRows(db, aiTag, where, [asc(aiTag.sort), asc(aiTag.id)], f),
    tagGroups(db, s),
    db.select({ groupId: aiTag.groupId, n: count() }).from(aiTag).where(scoped(s, aiTag)).groupBy(aiTag.groupId),
  ]);
  const names = new Map(groups.map((g) => [g.id, g.name]));
  const countOf = new Map(counts.map((c) => [c.groupId, c.n]));
  return {
    ...page(
      rows.map((t) => presentTag(t, names)),
      total,
      f,
    ),
    groups: groups.map((g) => ({ id: g.id, name: g.name, sort: g.sort, tagCount: countOf.get(g.id) ?? 0 })),
  };
}

export async function saveTag(db: Db, s: Session, input: Body<'tagSave'>): Promise<Answer<'tagSave'>> {
  if (input.kind === 'group') {
    await refuseOver(db, s, 'group');
    await refuseDuplicateGroup(db, s, input.name);
    const [row] = await db
      .insert(aiTagGroup)
      .values({ organizationId: s.orgId, name: input.name, sort: input.sort ?? 0, createdBy: s.userId })
      .returning({ id: aiTagGroup.id });
    return { id: row.id };
  }
  // the contract requires both for a tag
  const groupId = input.groupId!;
  await findScoped(db, s, aiTagGroup, groupId, { missing: GROUP_MISSING });
  await refuseOver(db, s, 'tag');
  await refuseDuplicateTag(db, s, groupId, input.name);
  const [row] = await db
    .insert(aiTag)
    .values({
      organizationId: s.orgId,
      groupId,
      name: input.name,
      keywords: input.keywords!,
      speaker: input.speaker,
      show: input.show,
      sort: input.sort ?? 0,
      createdBy: s.userId,
    })
    .returning({ id: aiTag.id });
  return { id: row.id };
}

export async function updateTag(db: Db, s: Session, input: Body<'tagUpdate'>): Promise<Answer<'tagUpdate'>> {
  const { kind, id, ...fields } = input;
  if (kind === 'group') {
    const group = await findScoped(db, s, aiTagGroup, id, { missing: GROUP_MISSING });
    if (fields.name && fields.name !== group.name) await refuseDuplicateGroup(db, s, fields.name);
    if (fields.name !== undefined || fields.sort !== undefined)
      await updateScoped(db, s, aiTagGroup, { id, name: fields.name, sort: fields.sort, updatedAt: new Date() });
    return { id };
  }
  const tag = await findScoped(db, s, aiTag, id, { missing: TAG_MISSING });
  if (fields.groupId && fields.groupId !== tag.groupId)
    await findScoped(db, s, aiTagGroup, fields.groupId, { missing: GROUP_MISSING });
  const groupId = fields.groupId ?? tag.groupId;
  const name = fields.name ?? tag.name;
  if (groupId !== tag.groupId || name !== tag.name) await refuseDuplicateTag(db, s, groupId, name);
  if (Object.values(fields).some((v) => v !== undefined))
    await updateScoped(db, s, aiTag, { id, ...fields, updatedAt: new Date() });
  return { id };
}

/** A tag goes at once; a group only when it holds no tag (its tags are deleted or moved first). */
export async function deleteTag(db: Db, s: Session, input: Body<'tagDelete'>): Promise<Answer<'tagDelete'>> {
  if (input.kind === 'group') {
    await findScoped(db, s, aiTagGroup, input.id, { missing: GROUP_MISSING });
    const [{ n }] = await db
      .select({ n: count() })
      .from(aiTag)
      .where(and(scoped(s, aiTag), eq(aiTag.groupId, input.id)));
    if (n > 0) throw conflict(`标签组下还有 ${n} 个标签，请先删除或移到其他标签组`);
    await db.delete(aiTagGroup).where(and(scoped(s, aiTagGroup), eq(aiTagGroup.id, input.id)));
    return { id: input.id };
  }
  await findScoped(db, s, aiTag, input.id, { missing: TAG_MISSING });
  await db.delete(aiTag).where(and(scoped(s, aiTag), eq(aiTag.id, input.id)));
  return { id: input.id };
}

/** Shows or hides tags; ids of another organisation change nothing and are not counted. */
export async function setTagsShown(db: Db, s: Session, input: Body<'tagSetShow'>): Promise<Answer<'tagSetShow'>> {
  const rows = await db
    .update(aiTag)
    .set({ show: input.show, updatedAt: new Date() })
    .where(and(scoped(s, aiTag), inArray(aiTag.id, input.ids)))
    .returning({ id: aiTag.id });
  return { count: rows.length };
}

function presentTag(t: TagRow, groupNames: Map<number, string>) {
  const speaker = t.speaker as AiTagSpeaker;
  return {
    id: t.id,
    groupId: t.groupId,
    groupName: groupNames.get(t.groupId) ?? '',
    name: t.name,
    keywords: t.keywords,
    speaker,
    speakerName: AiTagSpeakerName[speaker] ?? t.speaker,
    show: t.show,
    sort: t.sort,
    createdAt: formatDateTime(t.createdAt),
  };
}

async function refuseDuplicateGroup(db: Db, s: Scope, name: string): Promise<void> {
  if (await exists(db, and(scoped(s, aiTagGroup), eq(aiTagGroup.name, name))!, aiTagGroup))
    throw conflict(`标签组「${name}」已存在`);
}

async function refuseDuplicateTag(db: Db, s: Scope, groupId: number, name: string): Promise<void> {
  if (await exists(db, and(scoped(s, aiTag), eq(aiTag.groupId, groupId), eq(aiTag.name, name))!, aiTag))
    throw conflict(`该标签组下已有标签「${name}」`);
}

async function refuseOver(db: Db, s: Scope, kind: 'group' | 'tag'): Promise<void> {
  const table = kind === 'group' ? aiTagGroup : aiTag;
  const max = kind === 'group' ? MAX_GROUPS : MAX_AI_TAGS;
  const [{ n }] = await db.select({ n: count() }).from(table).where(scoped(s, table));
  if (n >= max) throw conflict(kind === 'group' ? `标签组最多 ${max} 个` : `AI 标签最多 ${max} 个`);
}

async function exists(db: Db, where: SQL, table: typeof aiTag | typeof aiTagGroup): Promise<boolean> {
  const [row] = await db.select({ id: table.id }).from(table).where(where).limit(1);
  return Boolean(row);
}
