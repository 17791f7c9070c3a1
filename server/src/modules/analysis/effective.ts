import { AiLabel, CallTag, IntentionLabel, PerformanceFlag } from '@crm/core';
import type { AnalysisView } from '@crm/core/contract/analysis';
import { type AnalysisResult, type AnalysisRules, INTENTION_CODE, type IntentionKey } from '../../lib/analyser/types';
import { correctedDecisions, decisionsOf, marked } from './decisions';
import type { Correction } from './schema';

/**
 * The effective result of a call: the machine's, with what a person corrected laid over it. Written to the indexed
 * columns (what the list filters and shows) and shown beside the machine's in the AI panel.
 */

const nameOf = (map: Record<number, string>, v: number) => map[v] ?? String(v);
export const intentionName = (v: number | null) => (v == null ? null : nameOf(IntentionLabel, v));
export const aiLabelNamed = (v: number) => ({ value: v, name: nameOf(AiLabel, v) });
export const callTagNamed = (v: number) => ({ value: v, name: nameOf(CallTag, v) });
export const flagNames = (flags: number) =>
  Object.entries(PerformanceFlag)
    .filter(([bit]) => (flags & Number(bit)) !== 0)
    .map(([, name]) => name);
export const intentionCode = (k: IntentionKey | null) => (k ? INTENTION_CODE[k] : null);

/** The machine's violations, less those a person dismissed. */
export const keptViolations = (m: AnalysisResult, c: Correction | null) =>
  c?.violations ? m.violations.filter((v) => c.violations!.includes(v.rule)) : m.violations;

/** 潜在投诉 as decided: a person's, else the machine's. */
export const complaintOf = (m: AnalysisResult, c: Correction | null) => c?.complaint ?? m.potentialComplaint;

/**
 * Risk as decided: the machine's, unless a person dismissed what made it (its violations and its complaint); a risk
 * the machine found from churn alone stands.
 */
function riskOf(m: AnalysisResult, c: Correction | null): boolean {
  if (!c || (c.complaint === undefined && !c.violations)) return m.risk;
  const churnOnly = m.risk && !m.violations.length && !m.potentialComplaint;
  return keptViolations(m, c).length > 0 || complaintOf(m, c) || churnOnly;
}

/**
 * The result as decided: the machine's with what a person set of the complaint and the violations. What the
 * consumers of an analysis read (quality scoring, the lead's risk, messages, insight), so that none contradicts the
 * panel.
 */
export function decidedResult(m: AnalysisResult, c: Correction | null): AnalysisResult {
  if (!c || (c.complaint === undefined && !c.violations)) return m;
  const complaint = complaintOf(m, c);
  return {
    ...m,
    violations: keptViolations(m, c),
    potentialComplaint: complaint,
    complaint:
      c.complaint === undefined ? m.complaint : { ...m.complaint, value: complaint, pending: false, layer: 'default' },
    risk: riskOf(m, c),
  };
}

/** The values the list filters on, as stored in call_analysis. */
export function effectiveColumns(m: AnalysisResult, c: Correction | null) {
  const violations = keptViolations(m, c);
  return {
    intention: c?.intention !== undefined ? c.intention : intentionCode(m.intention),
    intentionDegree: Math.round(m.intentionDegree),
    aiLabels: c?.aiLabels ?? m.aiLabels,
    callTags: c?.callTags ?? m.tags.map((t) => t.tag),
    customTagIds: c?.customTagIds ?? m.customTags.map((t) => t.id),
    churnRisk: m.churnRisk == null ? null : Math.round(m.churnRisk),
    risk: riskOf(m, c) ? 1 : 2,
    flags: m.flags,
    violationRules: [...new Set(violations.map((v) => v.rule))],
    violationCount: violations.length,
    keywords: m.keywords.map((k) => k.word),
    summary: c?.summary ?? m.summary,
  };
}

/** The machine's result as the AI panel shows it. */
export function machineView(m: AnalysisResult): AnalysisView {
  const intention = intentionCode(m.intention);
  return {
    conversation: m.conversation,
    intention,
    intentionName: intentionName(intention),
    intentionDegree: Math.round(m.intentionDegree),
    intentionEvidence: marked(m.intentionEvidence),
    callTags: m.tags.map((t) => ({ ...callTagNamed(t.tag), evidence: marked(t.evidence) })),
    aiLabels: m.aiLabels.map(aiLabelNamed),
    customTags: m.customTags.map((t) => ({ id: t.id, name: t.name, evidence: t.evidence })),
    churnRisk: m.churnRisk == null ? null : Math.round(m.churnRisk),
    churnEvidence: m.churnEvidence,
    potentialComplaint: m.potentialComplaint,
    risk: m.risk,
    violations: m.violations.map((v) => ({ ...v, ruleId: v.ruleId ?? undefined })),
    flags: m.flags,
    flagNames: flagNames(m.flags),
    keywords: m.keywords,
    fields: m.fields,
    summary: m.summary,
    decisions: decisionsOf(m, intentionName(intention)),
    speakersSwapped: m.speakersSwapped ?? false,
  };
}

/**
 * The machine's view with the corrections laid over it. Evidence stays where the machine found the same value; a
 * value only a person gave has none. Names of the organisation's tags and fields come from its rules.
 */
export function effectiveView(m: AnalysisResult, c: Correction | null, rules: AnalysisRules | null): AnalysisView {
  const base = machineView(m);
  if (!c) return base;
  const view = { ...base };
  if (c.intention !== undefined) {
    view.intention = c.intention;
    view.intentionName = intentionName(c.intention);
    if (c.intention !== base.intention) view.intentionEvidence = [];
  }
  if (c.callTags) {
    const found = new Map(base.callTags.map((t) => [t.value, t]));
    view.callTags = c.callTags.map((v) => found.get(v) ?? { ...callTagNamed(v), evidence: [] });
  }
  if (c.aiLabels) view.aiLabels = c.aiLabels.map(aiLabelNamed);
  if (c.customTagIds) {
    const found = new Map(base.customTags.map((t) => [t.id, t]));
    const names = new Map(rules?.customTags.map((t) => [t.id, t.name]) ?? []);
    view.customTags = c.customTagIds.map(
      (id) => found.get(id) ?? { id, name: names.get(id) ?? `标签${id}`, evidence: [] },
    );
  }
  if (c.summary !== undefined) view.summary = c.summary;
  if (c.complaint !== undefined) view.potentialComplaint = c.complaint;
  if (c.violations) view.violations = keptViolations(m, c).map((v) => ({ ...v, ruleId: v.ruleId ?? undefined }));
  view.risk = riskOf(m, c);
  view.decisions = correctedDecisions(base.decisions, c, {
    intention: view.intentionName,
    tags: new Map(view.callTags.map((t) => [t.value, t.name])),
    aiLabels: new Map(view.aiLabels.map((l) => [l.value, l.name])),
  });
  if (c.fields) {
    const fields = c.fields;
    const names = new Map(rules?.fields.map((f) => [f.key, f.name]) ?? []);
    const keys = [...new Set([...base.fields.map((f) => f.key), ...Object.keys(fields)])];
    view.fields = keys.map((key) => {
      const machine = base.fields.find((f) => f.key === key);
      if (!(key in fields)) return machine!;
      const value = fields[key];
      return {
        key,
        name: machine?.name ?? names.get(key) ?? key,
        value,
        evidence: machine && machine.value === value ? machine.evidence : [],
      };
    });
  }
  return view;
}
