/**
 * Real-time guidance (AI 实时指导, 指导记录; spec plan F, issue 28): a live call's audio (the softphone's, or an online
 * meeting's shared from the browser) streams to a streaming ASR engine; each finished sentence is checked at once and
 * its cards (the answer to an objection or question, the next SOP step, a warning) are pushed to the agent.
 *
 *   asr/          the streaming engines behind one interface: FunASR 2pass (funasr.ts), DashScope realtime Paraformer
 *                 (dashscope.ts); pace.ts forwards audio at real-time pace
 *   schema.ts     guidance_session, guidance_sentence, guidance_card
 *   ingest.ts     the audio WebSocket (two streams per call: agent, customer)
 *   checker.ts    one sentence → cards, through knowledge search, the assistant's retrieval, the analyser's checkers
 *                 and quality's SOP matcher
 *   sessions.ts   start, end, the idle expiry job (`guidance.expire`), records, cards marked
 *   meter.ts      guidance minutes in the pack ledger (kind 'guidance');  routes.ts  the calls
 *
 * Settings: GUIDANCE_ASR, GUIDANCE_FUNASR_URL, DASHSCOPE_API_KEY, DASHSCOPE_WS_URL, GUIDANCE_DASHSCOPE_MODEL,
 * GUIDANCE_IDLE_SECONDS (platform/config.ts `guidance`).
 */
import type { Module, Services } from '../../platform/context';
import { streamingAsrOf } from './asr';
import { AudioIngest } from './ingest';
import { GuidanceMeter } from './meter';
import { guidanceRoutes } from './routes';
import { EXPIRE_JOB, GuidanceSessions } from './sessions';

export const guidanceModule: Module = {
  name: 'guidance',
  setup(ctx) {
    const engine = streamingAsrOf(ctx.config.guidance);
    const meter = new GuidanceMeter((ctx.services as Partial<Services>).costCenter);
    let sessions: GuidanceSessions | null = null;
    const ingest = new AudioIngest(ctx, engine.asr, () => sessions!);
    sessions = new GuidanceSessions(ctx, engine, meter, (id) => ingest.closeSession(id));
    const s = sessions;
    ctx.jobs.register<{ orgId: number; sessionId: number }>(EXPIRE_JOB, (d) => s.expire(d.orgId, d.sessionId), {
      queue: { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 300 },
    });
    ctx.app.addHook('onReady', async () => ingest.attach(ctx.app.server));
    guidanceRoutes(ctx, s);
  },
};
