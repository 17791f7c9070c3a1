import type { CallBody, contract } from '@crm/core/contract';
import type { RiskConfig } from '@crm/core/contract/aiSetting';
import { CONFIRM_HIGH, CONFIRM_LOW } from '../../lib/analyser';
import type { AnalysisRules, RegexRule, WordRule } from '../../lib/analyser/types';
import { badRequest } from '../../platform/errors';
import type { RiskOverrides, RuleOverride } from './schema';

/**
 * Risk rules: the analyser's built-in forbidden-word and regex rules, each switched on or off and with its words or
 * pattern edited by the organisation, the abuse check and the thresholds. Stored as overrides of the defaults, by
 * rule name, so that a rule the organisation never touched follows the defaults as they improve.
 */

type SaveBody = CallBody<(typeof contract.aiSetting)['saveRiskConfig']>;

/** The organisation's risk settings: the defaults with its overrides applied. */
export function riskConfig(defaults: AnalysisRules, o: RiskOverrides): RiskConfig {
  const t = defaults.thresholds;
  return {
    thresholds: {
      fastCharsPerMinute: o.thresholds?.fastCharsPerMinute ?? t.fastCharsPerMinute,
      talkTooMuchPercent: o.thresholds?.talkTooMuchPercent ?? Math.round(t.talkTooMuchRatio * 100),
      churnRiskAlert: o.thresholds?.churnRiskAlert ?? t.churnRiskAlert,
      confirmLowPercent: o.thresholds?.confirmLowPercent ?? Math.round((t.confirmLow ?? CONFIRM_LOW) * 100),
      confirmHighPercent: o.thresholds?.confirmHighPercent ?? Math.round((t.confirmHigh ?? CONFIRM_HIGH) * 100),
    },
    abuse: o.abuse ?? defaults.abuse,
    wordRules: defaults.wordRules.map((r) => {
      const own = o.wordRules?.[r.name] ?? {};
      return { name: r.name, words: own.words ?? r.words, enabled: own.enabled ?? true };
    }),
    regexRules: defaults.regexRules.map((r) => {
      const own = o.regexRules?.[r.name] ?? {};
      return {
        name: r.name,
        pattern: own.pattern ?? r.pattern,
        flags: own.flags ?? r.flags ?? '',
        enabled: own.enabled ?? true,
      };
    }),
  };
}

/** The rules the analyser applies: enabled rules only, with the organisation's words, patterns and thresholds. */
export function applyRisk(
  defaults: AnalysisRules,
  o: RiskOverrides,
): Pick<AnalysisRules, 'wordRules' | 'regexRules' | 'abuse' | 'thresholds'> {
  const cfg = riskConfig(defaults, o);
  const byName = <T extends { name: string }>(list: T[]) => new Map(list.map((r) => [r.name, r]));
  const words = byName(cfg.wordRules);
  const regexes = byName(cfg.regexRules);
  const wordRules: WordRule[] = defaults.wordRules
    .filter((r) => words.get(r.name)?.enabled)
    .map((r) => ({ ...r, words: words.get(r.name)!.words }));
  const regexRules: RegexRule[] = defaults.regexRules
    .filter((r) => regexes.get(r.name)?.enabled)
    .map((r) => {
      const own = regexes.get(r.name)!;
      return { ...r, pattern: own.pattern, flags: own.flags || undefined };
    });
  return {
    wordRules,
    regexRules,
    abuse: cfg.abuse,
    thresholds: {
      fastCharsPerMinute: cfg.thresholds.fastCharsPerMinute,
      talkTooMuchRatio: cfg.thresholds.talkTooMuchPercent / 100,
      churnRiskAlert: cfg.thresholds.churnRiskAlert,
      confirmLow: cfg.thresholds.confirmLowPercent / 100,
      confirmHigh: cfg.thresholds.confirmHighPercent / 100,
    },
  };
}

/**
 * The overrides after a save: what is given replaces what was stored, the rest stays. A rule is named by its
 * built-in name; a pattern must compile (refused with the rule's name and the engine's reason).
 */
export function mergeRisk(defaults: AnalysisRules, stored: RiskOverrides, input: SaveBody): RiskOverrides {
  const next: RiskOverrides = {
    ...stored,
    thresholds: { ...stored.thresholds, ...definedOnly(input.thresholds ?? {}) },
    ...(input.abuse === undefined ? {} : { abuse: input.abuse }),
    wordRules: { ...stored.wordRules },
    regexRules: { ...stored.regexRules },
  };
  const band = riskConfig(defaults, next).thresholds;
  if (band.confirmLowPercent > band.confirmHighPercent)
    throw badRequest('thresholds.confirmLowPercent：待确认下限不能大于待确认上限');
  const wordNames = new Set(defaults.wordRules.map((r) => r.name));
  for (const [i, r] of (input.wordRules ?? []).entries()) {
    if (!wordNames.has(r.name)) throw badRequest(`wordRules.${i}.name：没有名为「${r.name}」的违禁词规则`);
    next.wordRules![r.name] = { ...next.wordRules![r.name], ...definedOnly({ enabled: r.enabled, words: r.words }) };
  }
  const regexDefaults = new Map(defaults.regexRules.map((r) => [r.name, r]));
  for (const [i, r] of (input.regexRules ?? []).entries()) {
    const base = regexDefaults.get(r.name);
    if (!base) throw badRequest(`regexRules.${i}.name：没有名为「${r.name}」的正则规则`);
    const merged: RuleOverride = {
      ...next.regexRules![r.name],
      ...definedOnly({ enabled: r.enabled, pattern: r.pattern, flags: r.flags }),
    };
    const pattern = merged.pattern ?? base.pattern;
    const flags = merged.flags ?? base.flags ?? '';
    const problem = regexProblem(pattern, flags);
    if (problem) throw badRequest(`regexRules.${i}.pattern：「${r.name}」的正则表达式无效：${problem}`);
    next.regexRules![r.name] = merged;
  }
  return next;
}

/** Why a pattern does not compile, or null. */
export function regexProblem(pattern: string, flags: string): string | null {
  try {
    new RegExp(pattern, flags);
    return null;
  } catch (e) {
    return (e as Error).message.replace(/^Invalid regular expression: /, '');
  }
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
