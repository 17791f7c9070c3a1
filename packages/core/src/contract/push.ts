import { z } from 'zod';
import { GuidanceCard } from './guidance';
import { Message, UnreadCounts } from './notice';
import { CallRecord } from './telephony';
import { WorkStatus } from './users';

/**
 * The push (MQTT over WebSocket at /mqtt): the topics a browser may read and every message the server sends there.
 * The server publishes only a `PushMessage` (platform/push.ts), the web reads only through `PUSH_FIELDS`
 * (notices/push.ts), so a kind is added here, with its producer and its consumer, or not at all.
 */

/** A user's own topic: the messages, counts and statuses meant for that user. */
export type UserTopic = `crm/${number}/user/${number}`;
/** The organisation's topic, read by every user of the organisation. */
export type OrgTopic = `crm/${number}/all`;
export type PushTopic = UserTopic | OrgTopic;

export const userTopic = (orgId: number, userId: number): UserTopic => `crm/${orgId}/user/${userId}`;
export const orgTopic = (orgId: number): OrgTopic => `crm/${orgId}/all`;

/** A new message to the user (a notice, a clue reminder, an AI message …): the badge counts it and a popup shows it. */
const MessagePush = Message.extend({ type: z.literal('message') });

/** The user's unread counts changed elsewhere (messages read in another tab or device). */
const UnreadPush = UnreadCounts.extend({ type: z.literal('unread') });

/** A call record of the user's changed (telephony): the call's page refetches it. */
const CallStatusPush = CallRecord.pick({
  callId: true,
  clueId: true,
  taskId: true,
  status: true,
  ended: true,
  endReason: true,
  billableSeconds: true,
  recordingId: true,
}).extend({ type: z.literal('call_status') });

/** Someone else (an administrator) changed the user's work status. */
const WorkStatusPush = WorkStatus.extend({ type: z.literal('work_status') });

/** The organisation's balance changed (a payment, a charge, an operator's credit): the header shows it. */
const BalancePush = z.object({ type: z.literal('balance'), balanceFen: z.number() });

/** A card of a live guidance session (an answer, the next SOP step, a warning) for the agent's screen. */
const GuidanceCardPush = GuidanceCard.extend({ type: z.literal('guidance_card') });

/** Every message the push carries, told apart by `type`. */
export const PushMessage = z.discriminatedUnion('type', [
  MessagePush,
  UnreadPush,
  CallStatusPush,
  WorkStatusPush,
  BalancePush,
  GuidanceCardPush,
]);
export type PushMessage = z.infer<typeof PushMessage>;
export type PushKind = PushMessage['type'];
/** The message of one kind. */
export type PushOf<K extends PushKind> = Extract<PushMessage, { type: K }>;

/**
 * The fields of each kind besides `type`, for the browser: the web bundle carries no zod (web/src/zodStub.ts), so it
 * reads a pushed message by its kind and the presence of these fields; their values are the server's to get right
 * (`publish` takes only a PushMessage, and each producer's test parses what it sent). push.test.ts keeps the lists
 * equal to the schemas.
 */
export const PUSH_FIELDS: { [K in PushKind]: readonly Exclude<keyof PushOf<K>, 'type'>[] } = {
  message: ['id', 'title', 'content', 'msgType', 'param', 'data', 'noticeId', 'isRead', 'readTime', 'createTime'],
  unread: ['unreadCount', 'aiUnreadCount', 'totalUnreadCount'],
  call_status: ['callId', 'clueId', 'taskId', 'status', 'ended', 'endReason', 'billableSeconds', 'recordingId'],
  work_status: ['id', 'userId', 'workStatus', 'workStatusName'],
  balance: ['balanceFen'],
  guidance_card: [
    'id',
    'sessionId',
    'sentenceId',
    'kind',
    'kindName',
    'title',
    'content',
    'sentence',
    'speaker',
    'sources',
    'state',
    'stateName',
    'createdAt',
  ],
};
