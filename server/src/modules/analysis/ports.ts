import type { AppContext } from '../../platform/context';
import type { AiSettingService, MsgPushItem, OrgLlm } from '../aiSetting/service';
import type { CostCenterService } from '../costCenter';

/**
 * The modules the pipeline asks: the AI settings (aiSetting: AI open, rules, message push, the LLM) and the cost
 * centre (costCenter: charge, top-up). Read through these two lookups so that a context without one of them (an
 * installation or a test that leaves it out) reads as "AI closed" / "not metered" instead of failing.
 */
export type { MsgPushItem, OrgLlm };

interface Optional {
  aiSetting?: AiSettingService;
  costCenter?: CostCenterService;
}

export const aiSettingOf = (ctx: AppContext): AiSettingService | undefined => (ctx.services as Optional).aiSetting;
export const costCenterOf = (ctx: AppContext): CostCenterService | undefined => (ctx.services as Optional).costCenter;
