import { z } from 'zod';
import { defineCall, NoAnswer } from '../call';
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

/** A tag group as stored, the answer of its add and update. */
export const SavedTagGroup = z.object({
  id: z.number(),
  organizationId: z.number(),
  name: z.string(),
  color: z.string(),
  chooseType: z.number(),
  sortNo: z.number(),
  createdAt: z.string().nullable(),
});
export type SavedTagGroup = z.infer<typeof SavedTagGroup>;

/** A tag as stored, the answer of its add and update. */
export const SavedTag = z.object({
  id: z.number(),
  organizationId: z.number(),
  groupId: z.number(),
  name: z.string(),
  sortNo: z.number(),
  createdAt: z.string().nullable(),
});
export type SavedTag = z.infer<typeof SavedTag>;

export const tagGroups = {
  list: defineCall({
    base: 'robot',
    method: 'POST',
    path: '/clue/tagGroup/list',
    summary: '标签组及其标签',
    answer: z.array(TagGroup),
  }),
  add: defineCall({
    base: 'robot',
    method: 'POST',
    path: '/clue/tagGroup/add',
    summary: '新增标签组',
    body: TagGroupInput,
    answer: SavedTagGroup,
  }),
  update: defineCall({
    base: 'robot',
    method: 'POST',
    path: '/clue/tagGroup/update',
    summary: '修改标签组',
    body: TagGroupUpdate,
    answer: SavedTagGroup,
  }),
  delete: defineCall({
    base: 'robot',
    method: 'POST',
    path: '/clue/tagGroup/delete',
    summary: '删除标签组（连同组内标签）',
    body: IdBody,
    answer: NoAnswer,
  }),
  /** The same answer for the analysis service, by GET and by POST. */
  withTags: defineCall({
    base: 'analysis',
    method: 'GET',
    path: '/asr/V1/tagGroupAndTag',
    summary: '标签组及其标签',
    answer: z.array(TagGroup),
  }),
  withTagsPost: defineCall({
    base: 'analysis',
    method: 'POST',
    path: '/api/clue/tagGroupAndTag',
    summary: '标签组及其标签',
    answer: z.array(TagGroup),
  }),
};

export const tags = {
  list: defineCall({
    base: 'robot',
    method: 'POST',
    path: '/clue/tags/list',
    summary: '标签列表（可按标签组）',
    body: z.object({ groupId: settingId.optional() }).optional(),
    answer: z.array(Tag),
  }),
  add: defineCall({
    base: 'robot',
    method: 'POST',
    path: '/clue/tags/add',
    summary: '新增标签',
    body: TagInput,
    answer: SavedTag,
  }),
  update: defineCall({
    base: 'robot',
    method: 'POST',
    path: '/clue/tags/update',
    summary: '修改标签（名称或所属标签组）',
    body: TagUpdate,
    answer: SavedTag,
  }),
  delete: defineCall({
    base: 'robot',
    method: 'POST',
    path: '/clue/tags/delete',
    summary: '删除标签',
    body: IdBody,
    answer: NoAnswer,
  }),
};
