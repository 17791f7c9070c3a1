import type { AppContext, Services } from '../../platform/context';
import type { AiSettingService, MsgPushItem, OrgLlm } from '../aiSetting';

/**
 * The modules the pipeline asks: the AI settings (aiSetting: AI open, rules, message push, the LLM) and the cost
 * centre (costCenter: charge, top-up). Read through these two lookups so that a context without one of them (an
 * installation or a test that leaves it out) reads as "AI closed" / "not metered" instead of failing.
 */
export type { MsgPushItem, OrgLlm };

const optional = (ctx: AppContext): Partial<Services> => ctx.services;

export const aiSettingOf = (ctx: AppContext): AiSettingService | undefined => optional(ctx).aiSetting;
export const costCenterOf = (ctx: AppContext): Partial<Services>['costCenter'] => optional(ctx).costCenter;
