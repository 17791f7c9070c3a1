import { z } from 'zod';
import { analysis, NoAnswer, robot } from '../call';
import { IdBody, settingId } from './common';

/** Tag groups and their tags (/clue/tagGroup, /clue/tags under /api/robot; tagGroupAndTag under /api/analysis). */

const tagName = z.string({ error: '请输入标签名称' }).trim().min(1, '请输入标签名称').max(20, '标签名称不能超过20个字');
/** 1 single choice within the group, 2 multiple. */
const chooseType = z.union([z.literal(1), z.literal(2)]);

export const TagGroupInput = z.object({
  name: tagName,
  color: z.string().max(20).optional(),
  chooseType: chooseType.optional(),
});
export type TagGroupInput = z.infer<typeof TagGroupInput>;
export const TagGroupUpdate = TagGroupInput.partial().extend({ id: settingId });
export type TagGroupUpdate = z.infer<typeof TagGroupUpdate>;

export const TagInput = z.object({ groupId: settingId, name: tagName });
export type TagInput = z.infer<typeof TagInput>;
export const TagUpdate = z.object({ id: settingId, groupId: settingId.optional(), name: tagName.optional() });
export type TagUpdate = z.infer<typeof TagUpdate>;

/** A tag as the lists show it. */
export const Tag = z.object({ id: z.number(), tagName: z.string(), groupId: z.number(), sortNo: z.number() });
export type Tag = z.infer<typeof Tag>;

/** A tag group with its tags (tagGroupAndTag). */
export const TagGroup = z.object({
  id: z.number(),
  groupName: z.string(),
  color: z.string(),
  chooseType: z.number(),
  sortNo: z.number(),
  tagList: z.array(Tag),
});
export type TagGroup = z.infer<typeof TagGroup>;

/** A tag group or a tag as stored: the answer of its add and update. */
const Saved = z.object({
  id: z.number(),
  organizationId: z.number(),
  name: z.string(),
  sortNo: z.number(),
  createdAt: z.string().nullable(),
});

export const SavedTagGroup = Saved.extend({ color: z.string(), chooseType: z.number() });
export type SavedTagGroup = z.infer<typeof SavedTagGroup>;

export const SavedTag = Saved.extend({ groupId: z.number() });
export type SavedTag = z.infer<typeof SavedTag>;

export const tagGroups = {
  list: robot.post('/clue/tagGroup/list', '标签组及其标签', { answer: z.array(TagGroup) }),
  add: robot.post('/clue/tagGroup/add', '新增标签组', { body: TagGroupInput, answer: SavedTagGroup }),
  update: robot.post('/clue/tagGroup/update', '修改标签组', { body: TagGroupUpdate, answer: SavedTagGroup }),
  delete: robot.post('/clue/tagGroup/delete', '删除标签组（连同组内标签）', { body: IdBody, answer: NoAnswer }),
  /** The same answer for the analysis service, by GET and by POST. */
  withTags: analysis.get('/asr/V1/tagGroupAndTag', '标签组及其标签', { answer: z.array(TagGroup) }),
  withTagsPost: analysis.post('/api/clue/tagGroupAndTag', '标签组及其标签', { answer: z.array(TagGroup) }),
};

export const tags = {
  list: robot.post('/clue/tags/list', '标签列表（可按标签组）', {
    body: z.object({ groupId: settingId.optional() }).optional(),
    answer: z.array(Tag),
  }),
  add: robot.post('/clue/tags/add', '新增标签', { body: TagInput, answer: SavedTag }),
  update: robot.post('/clue/tags/update', '修改标签（名称或所属标签组）', { body: TagUpdate, answer: SavedTag }),
  delete: robot.post('/clue/tags/delete', '删除标签', { body: IdBody, answer: NoAnswer }),
};
