import { z } from 'zod';
import { robot } from './call';
import { clueId } from './clue';
import { pageOf, pageQuery } from './fields';

/**
 * Around one lead, under /api/robot: its collaborators (/clue/collaborator), its follow-ups and interaction log
 * (/interactive: follow-ups, calls, transfers, edits …) and its field change log.
 */

const collaboratorIds = z.array(clueId).min(1, '请选择协作人').max(100, '一次最多100个协作人');

/** A user who works on a lead besides its owner. */
export const Collaborator = z.object({
  id: z.number(),
  clueId: z.number(),
  userId: z.number(),
  userName: z.string(),
  deptName: z.string(),
  createdAt: z.string().nullable(),
});

/** One field of a lead edit: its label and the display texts before and after. */
export const FieldChange = z.object({
  fieldName: z.string(),
  fieldLabel: z.string(),
  before: z.string(),
  after: z.string(),
});

/**
 * One entry of a lead's interaction log, newest first. Every entry has a type (follow, call, transfer, edit,
 * create, lock, blacklist, recycle, restore, turn, collaborator …), a time and a title; the rest depends on the type
 * (a follow-up's way, status and phase; a transfer's new owner; an edit's changes; a call's recording).
 */
export const Interaction = z.looseObject({
  type: z.string(),
  id: z.union([z.number(), z.string()]),
  time: z.string().nullable(),
  title: z.string(),
  content: z.string().optional(),
  userId: z.number().nullable().optional(),
  userName: z.string().optional(),
  followWayName: z.string().optional(),
  followStatusName: z.string().optional(),
  followPhaseName: z.string().optional(),
  nextFollowTime: z.string().nullable().optional(),
  toUserName: z.string().optional(),
  transferModeName: z.string().optional(),
  changes: z.array(FieldChange).optional(),
  /** Calls: the recording, its length in seconds, its owner and transcription status. */
  recordId: z.number().optional(),
  duration: z.number().optional(),
  ownerName: z.string().nullable().optional(),
  asrStatusName: z.string().optional(),
});
export type Interaction = z.infer<typeof Interaction>;

export const FollowInput = z.object({
  clueId,
  followWayId: clueId.nullish(),
  followStatusId: clueId.nullish(),
  followPhaseId: clueId.nullish(),
  nextFollowTime: z.string().max(19).nullish(),
  content: z.string({ error: '请输入跟进内容' }).trim().min(1, '请输入跟进内容').max(2000, '跟进内容不能超过2000个字'),
});

/** A follow-up as written. */
export const FollowRecord = z.object({
  id: z.number(),
  followWayId: z.number().nullable(),
  followWayName: z.string(),
  followStatusId: z.number().nullable(),
  followStatusName: z.string(),
  followPhaseId: z.number().nullable(),
  followPhaseName: z.string(),
  nextFollowTime: z.string().nullable(),
  content: z.string(),
  createdAt: z.string().nullable(),
});

/** One edit of a lead in the field change log (fields hidden from the role left out, masked ones masked). */
export const FieldChangeLog = z.object({
  id: z.number(),
  userName: z.string(),
  createdAt: z.string().nullable(),
  changes: z.array(FieldChange),
});

const CollaboratorChange = z.object({ clueId, userIds: collaboratorIds });

export const interaction = {
  collaborators: robot.post('/clue/collaborator/list', '客户的协作人', {
    body: z.object({ clueId }),
    answer: z.array(Collaborator),
  }),
  addCollaborators: robot.post('/clue/collaborator/add', '添加协作人', {
    body: CollaboratorChange,
    answer: z.object({ collaboratorIds: z.array(z.number()) }),
  }),
  removeCollaborators: robot.post('/clue/collaborator/delete', '移除协作人', {
    body: CollaboratorChange,
    answer: z.object({ collaboratorIds: z.array(z.number()) }),
  }),
  list: robot.post('/interactive/getCustomerInteractionAllList', '客户的互动记录（跟进、通话、流转、编辑…）', {
    body: z.object({ ...pageQuery, clueId, types: z.array(z.string()).optional() }),
    answer: pageOf(Interaction),
  }),
  addFollow: robot.post('/interactive/addFollowRecord', '写跟进', { body: FollowInput, answer: FollowRecord }),
  fieldChangeLog: robot.post('/interactive/getFieldChangeLog', '字段变更记录', {
    body: z.object({ ...pageQuery, clueId }),
    answer: pageOf(FieldChangeLog),
  }),
};
