import type { AnalysisView } from '@crm/core/contract/analysis';

/** What the correction form holds: every value as it is now (the correction, else the machine's). */
export interface CorrectionForm {
  intention: number | null;
  callTags: number[];
  aiLabels: number[];
  customTagIds: number[];
  summary: string;
  fields: Record<string, string>;
  /** 潜在投诉. */
  complaint: boolean;
  /** The violations (rule names) the call has. */
  violations: string[];
}

export function formOf(effective: AnalysisView): CorrectionForm {
  return {
    intention: effective.intention,
    callTags: effective.callTags.map((t) => t.value),
    aiLabels: effective.aiLabels.map((l) => l.value),
    customTagIds: effective.customTags.map((t) => t.id),
    summary: effective.summary,
    fields: Object.fromEntries(effective.fields.map((f) => [f.key, f.value])),
    complaint: effective.potentialComplaint,
    violations: [...new Set(effective.violations.map((v) => v.rule))],
  };
}

const sameSet = <T>(a: T[], b: T[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * The updateCallAnalysis body of a submitted form: a value the user set to what the machine said clears that
 * correction (null: the machine's value shows again); any other value is the correction.
 */
export function correctionBody(form: CorrectionForm, machine: AnalysisView) {
  const m = formOf(machine);
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(form.fields)) {
    const v = (value ?? '').trim();
    if (v !== (m.fields[key] ?? '')) fields[key] = v;
  }
  return {
    intention: form.intention === m.intention || form.intention === null ? null : form.intention,
    callTags: sameSet(form.callTags, m.callTags) ? null : form.callTags,
    aiLabels: sameSet(form.aiLabels, m.aiLabels) ? null : form.aiLabels,
    customTagIds: sameSet(form.customTagIds, m.customTagIds) ? null : form.customTagIds,
    summary: form.summary.trim() === m.summary.trim() ? null : form.summary.trim(),
    fields: Object.keys(fields).length ? fields : null,
    complaint: form.complaint === m.complaint ? null : form.complaint,
    violations: sameSet(form.violations, m.violations) ? null : form.violations,
  };
}
