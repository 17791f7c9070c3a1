import type { AppContext } from '../../platform/context';
import { writeClueTags } from './clueTags';
import { confirmedRisk } from './decisions';
import { sendAiMessages } from './messages';
import { LEARN_QUEUE, learnOrgModel } from './orgModel';
import type { AnalysisPipeline } from './pipeline';
import { aiSettingOf } from './ports';
import { removeAnalyses } from './removal';

/**
 * The analysis module's consumers, each its own queue: a saved transcript is analysed; a stored analysis sets the
 * lead's risk (through the clue module) and its AI tags (clue_ai_tag, this module's), and sends the AI messages; a
 * deleted recording takes its analyses with it.
 */
export function analysisConsumers(ctx: AppContext, pipeline: AnalysisPipeline): void {
  // eager: an uploaded call with its transcript reads 排队中 as soon as the upload answers
  ctx.events.on('transcript.saved', 'analysis.transcript', (e) => pipeline.onTranscript(e), { eager: true });
  // a correction teaches the organisation's model (one run learns every correction: a burst needs only the last)
  ctx.events.on('analysis.corrected', LEARN_QUEUE, (e) => learnOrgModel(ctx, e.orgId));
  ctx.events.on('recording.deleted', 'analysis.removed', (e) => removeAnalyses(ctx.db, e.orgId, e.recordingIds));
  pipeline.onAnalysed('analysis.lead', async ({ orgId, recording: rec, result, effective }) => {
    if (!rec.clueId) return;
    if (confirmedRisk(result)) await ctx.services.clue.setRisk(orgId, rec.clueId, 1);
    const rules = await aiSettingOf(ctx)?.rulesFor(orgId);
    const names = new Map(rules?.customTags.map((t) => [t.id, t.name]) ?? []);
    await writeClueTags(ctx.db, orgId, rec.clueId, rec.id, result, effective, names);
  });
  // the messages say what the analysis found (labels, violations, keywords), none of the quality scores
  pipeline.onAnalysed('analysis.messages', async ({ orgId, recording, result, effective, llmError }) => {
    const rules = (await aiSettingOf(ctx)?.rulesFor(orgId)) ?? null;
    await sendAiMessages(ctx, recording, result, effective, rules, llmError);
  });
}
