import type { Evidence } from '@crm/core/contract/analysis';

export type { Evidence };

/** Opens a sentence that supports a result: the call detail highlights it in the transcript and seeks the audio. */
export type OnEvidence = (ev: Evidence) => void;

/**
 * The transcript line of a piece of evidence: its segment index when that line starts where the evidence does
 * (a transcript re-made since the analysis may have shifted), else the line at the evidence's start time.
 */
export function evidenceIndex(
  segments: { startMs: number; endMs: number }[],
  ev: Pick<Evidence, 'segment' | 'startMs'>,
) {
  const byIndex = segments[ev.segment];
  if (byIndex && Math.abs(byIndex.startMs - ev.startMs) <= 50) return ev.segment;
  const at = segments.findIndex((s) => s.startMs <= ev.startMs && ev.startMs <= s.endMs);
  if (at >= 0) return at;
  return segments.findIndex((s) => s.startMs >= ev.startMs);
}

/** The same evidence (to mark the one opened). */
export const sameEvidence = (a: Evidence | null | undefined, b: Evidence) =>
  !!a && a.segment === b.segment && a.startMs === b.startMs && (a.match ?? '') === (b.match ?? '');
