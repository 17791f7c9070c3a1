import { formatDateTime } from '@crm/core';
import type {
  SavedTag,
  SavedTagGroup,
  Tag,
  TagGroup,
  TagGroupInput,
  TagGroupUpdate,
  TagInput,
  TagUpdate,
} from '@crm/core/contract/clueField';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict, must } from '../../platform/errors';
import { updateSet } from '../../platform/update';
import { tag, tagGroup } from './schema';
import { inOrg, updateInOrg } from './tenant';

/** Tag groups (single or multiple choice, a colour) and their tags. */

export type TagRow = typeof tag.$inferSelect;
type TagGroupRow = typeof tagGroup.$inferSelect;

export async function tagGroupRows(db: DbOrTx, orgId: number): Promise<TagGroupRow[]> {
  return db.select().from(tagGroup).where(inOrg(orgId, tagGroup)).orderBy(asc(tagGroup.sortNo), asc(tagGroup.id));
}

export async function tagRows(db: DbOrTx, orgId: number): Promise<TagRow[]> {
  return db.select().from(tag).where(inOrg(orgId, tag)).orderBy(asc(tag.sortNo), asc(tag.id));
}

const tagView = (t: TagRow): Tag => ({ id: t.id, tagName: t.name, groupId: t.groupId, sortNo: t.sortNo });
const savedGroup = (g: TagGroupRow): SavedTagGroup => ({ ...g, createdAt: formatDateTime(g.createdAt) });
const savedTag = (t: TagRow): SavedTag => ({ ...t, createdAt: formatDateTime(t.createdAt) });

/** Groups with their tags nested (tagGroupAndTag). */
export async function groupsWithTags(db: DbOrTx, orgId: number): Promise<TagGroup[]> {
  const [groups, tags] = await Promise.all([tagGroupRows(db, orgId), tagRows(db, orgId)]);
  return groups.map((g) => ({
    id: g.id,
    groupName: g.name,
    color: g.color,
    chooseType: g.chooseType,
    sortNo: g.sortNo,
    tagList: tags.filter((t) => t.groupId === g.id).map(tagView),
  }));
}

/** The tags, of one group when given. */
export async function tagList(db: DbOrTx, orgId: number, groupId?: number): Promise<Tag[]> {
  return (await tagRows(db, orgId)).filter((t) => !groupId || t.groupId === groupId).map(tagView);
}

export async function addTagGroup(db: DbOrTx, orgId: number, input: TagGroupInput): Promise<SavedTagGroup> {
  const groups = await tagGroupRows(db, orgId);
  if (groups.some((g) => g.name === input.name)) throw conflict(`标签组“${input.name}”已存在`);
  const [row] = await db
    .insert(tagGroup)
    .values({
      organizationId: orgId,
      name: input.name,
      color: input.color,
      chooseType: input.chooseType,
      sortNo: groups.length + 1,
    })
    .returning();
  return savedGroup(row);
}

/** Changes what is given; an update with nothing to change answers the group as it is. */
export async function updateTagGroup(
  db: DbOrTx,
  orgId: number,
  { id, ...input }: TagGroupUpdate,
): Promise<SavedTagGroup> {
  const groups = await tagGroupRows(db, orgId);
  const cur = must(groups.find((g) => g.id === id));
  if (input.name && groups.some((g) => g.id !== id && g.name === input.name))
    throw conflict(`标签组“${input.name}”已存在`);
  const set = updateSet({ name: input.name, color: input.color, chooseType: input.chooseType });
  return savedGroup(set ? await updateInOrg(db, orgId, tagGroup, id, set) : cur);
}

/** Deletes a group and its tags. */
export async function deleteTagGroup(db: Db, orgId: number, id: number): Promise<void> {
  must((await tagGroupRows(db, orgId)).find((g) => g.id === id));
  await db.transaction(async (tx) => {
    await tx.delete(tag).where(and(eq(tag.groupId, id), inOrg(orgId, tag)));
    await tx.delete(tagGroup).where(and(eq(tagGroup.id, id), inOrg(orgId, tagGroup)));
  });
}

export async function addTag(db: DbOrTx, orgId: number, input: TagInput): Promise<SavedTag> {
  must(
    (await tagGroupRows(db, orgId)).find((g) => g.id === input.groupId),
    '标签组不存在',
  );
  const tags = (await tagRows(db, orgId)).filter((t) => t.groupId === input.groupId);
  if (tags.some((t) => t.name === input.name)) throw conflict(`标签“${input.name}”已存在`);
  const [row] = await db
    .insert(tag)
    .values({ organizationId: orgId, groupId: input.groupId, name: input.name, sortNo: tags.length + 1 })
    .returning();
  return savedTag(row);
}

/** Renames a tag or moves it to another group of the organisation. */
export async function updateTag(db: DbOrTx, orgId: number, { id, ...input }: TagUpdate): Promise<SavedTag> {
  const tags = await tagRows(db, orgId);
  const cur = must(tags.find((t) => t.id === id));
  const groupId = input.groupId ?? cur.groupId;
  if (input.groupId)
    must(
      (await tagGroupRows(db, orgId)).find((g) => g.id === input.groupId),
      '标签组不存在',
    );
  if (input.name && tags.some((t) => t.id !== id && t.groupId === groupId && t.name === input.name))
    throw conflict(`标签“${input.name}”已存在`);
  const set = updateSet({ name: input.name, groupId: input.groupId });
  return savedTag(set ? await updateInOrg(db, orgId, tag, id, set) : cur);
}

export async function deleteTag(db: DbOrTx, orgId: number, id: number): Promise<void> {
  must((await tagRows(db, orgId)).find((t) => t.id === id));
  await db.delete(tag).where(and(eq(tag.id, id), inOrg(orgId, tag)));
}

/** Throws 400 when any tag id is not the organisation's. */
export async function checkTagIds(db: DbOrTx, orgId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const rows = await db
    .select({ id: tag.id })
    .from(tag)
    .where(and(inOrg(orgId, tag), inArray(tag.id, ids)));
  if (rows.length !== new Set(ids).size) throw badRequest('标签不存在');
}
