import { AI_MESSAGE_TYPES } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { AiMessageThresholdName, AiMessageTypeName } from '@crm/core/contract/aiSetting';
import type { StoredMsgPush } from './schema';

/** Message push (/msgPush): which AI message types go to the owner or the managers, and at what threshold. */

type Calls = typeof contract.aiSetting;
export type AiMessageType = (typeof AI_MESSAGE_TYPES)[number];

/** One message type's push settings, as the analysis pipeline reads them. */
export interface MsgPushItem {
  msgType: string;
  enabled: boolean;
  toOwner: boolean;
  toManager: boolean;
  /** Intention degree or churn risk at or above which the message goes; null for types without one. */
  threshold: number | null;
}

const push = (enabled: boolean, toOwner: boolean, toManager: boolean, threshold: number | null = null) => ({
  enabled,
  toOwner,
  toManager,
  threshold,
});

/** Until an organisation changes them. ai_model (the LLM failed) goes to managers only. */
export const DEFAULT_MSG_PUSH: Record<AiMessageType, StoredMsgPush> = {
  ai_intention_degree: push(true, true, false, 70),
  ai_churn_risk: push(true, true, true, 70),
  ai_risk: push(true, true, true),
  ai_label: push(true, true, false),
  ai_violation: push(true, true, true),
  ai_keyword: push(true, true, false),
  ai_model: push(true, false, true),
  ai_chat_key: push(false, true, false),
};

const hasThreshold = (t: AiMessageType) => DEFAULT_MSG_PUSH[t].threshold !== null;

/** Every message type, in the order of AI_MESSAGE_TYPES, with the organisation's settings over the defaults. */
export function msgPushItems(stored: Record<string, StoredMsgPush>): MsgPushItem[] {
  return AI_MESSAGE_TYPES.map((msgType) => {
    const own = stored[msgType];
    const d = DEFAULT_MSG_PUSH[msgType];
    return {
      msgType,
      enabled: own?.enabled ?? d.enabled,
      toOwner: own?.toOwner ?? d.toOwner,
      toManager: own?.toManager ?? d.toManager,
      threshold: hasThreshold(msgType) ? (own?.threshold ?? d.threshold) : null,
    };
  });
}

export function presentMsgPush(stored: Record<string, StoredMsgPush>): CallAnswer<Calls['getMsgPush']> {
  return {
    items: msgPushItems(stored).map((i) => ({
      ...i,
      msgType: i.msgType as AiMessageType,
      name: AiMessageTypeName[i.msgType as AiMessageType],
      thresholdName: AiMessageThresholdName[i.msgType as AiMessageType] ?? null,
    })),
  };
}

/** The stored settings after a save: the types given are replaced; a threshold left out keeps the current one. */
export function mergeMsgPush(
  stored: Record<string, StoredMsgPush>,
  input: CallBody<Calls['saveMsgPush']>,
): Record<string, StoredMsgPush> {
  const current = new Map(msgPushItems(stored).map((i) => [i.msgType, i]));
  const next = { ...stored };
  for (const item of input.items) {
    next[item.msgType] = {
      enabled: item.enabled,
      toOwner: item.toOwner,
      toManager: item.toManager,
      threshold: hasThreshold(item.msgType) ? (item.threshold ?? current.get(item.msgType)!.threshold) : null,
    };
  }
  return next;
}
