import type { HitKind } from '@crm/core/contract/quality';
import { and, eq, inArray } from 'drizzle-orm';
import { canon } from '../../lib/analyser/text';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import type { AnalysedEvent } from '../analysis';
import type { QualityRules } from './checkers';
import { PROHIBITION_KIND } from './prohibition';
import { ORG_REGEX_KIND } from './regex';
import { prohibitionHit } from './schema';

/**
 * After every stored analysis: the call's hits of the organisation's lists and regex rules become rows of
 * prohibition_hit, replacing the rows of its last analysis (idempotent: the pipeline may run it again on a retry).
 */

const KINDS: readonly string[] = [PROHIBITION_KIND, ORG_REGEX_KIND];
const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export function hitRecorder(ctx: AppContext, rules: QualityRules) {
  return async ({ orgId, recording, result }: AnalysedEvent): Promise<void> => {
    const hits = result.violations.filter((v) => KINDS.includes(v.kind) && v.ruleId !== undefined);
    const of = and(eq(prohibitionHit.organizationId, orgId), eq(prohibitionHit.recordingId, recording.id));
    if (!hits.length) {
      await ctx.db.delete(prohibitionHit).where(of);
      return;
    }
    const [transcript, compiled] = await Promise.all([
      ctx.services.asr.getTranscript(orgId, recording.id),
      rules.rulesOf(orgId),
    ]);
    const listWords = new Map(compiled.lists.map((l) => [l.rule.id, l.byFolded]));
    const rows = hits.map((v) => ({
      organizationId: orgId,
      recordingId: recording.id,
      kind: v.kind as HitKind,
      ruleId: v.ruleId!,
      ruleName: clip(v.rule, 50),
      // the list's own word: what was said folds to it (a list changed since the analysis: the words said)
      word: clip(v.kind === PROHIBITION_KIND ? (listWords.get(v.ruleId!)?.get(canon(v.text)) ?? v.text) : v.text, 200),
      said: clip(v.text, 200),
      sentence: transcript?.segments[v.segment]?.text ?? v.text,
      segment: v.segment,
      startMs: Math.round(v.startMs),
      speaker: v.speaker,
      ownerUserId: recording.ownerUserId,
      callTime: recording.callTime ?? recording.createdAt,
    }));
    await ctx.db.transaction(async (tx) => {
      await tx.delete(prohibitionHit).where(of);
      await tx.insert(prohibitionHit).values(rows);
    });
  };
}

/** Hits go with their recordings: for the recording module's delete transaction (see the module's index). */
export async function removeHits(tx: DbOrTx, orgId: number, recordingIds: number[]): Promise<void> {
  if (!recordingIds.length) return;
  await tx
    .delete(prohibitionHit)
    .where(and(eq(prohibitionHit.organizationId, orgId), inArray(prohibitionHit.recordingId, recordingIds)));
}
