import type { Module } from '../../platform/context';
import { loadAsrConfig } from './config';
import { asrRoutes } from './routes';
import { AsrService } from './service';

declare module '../../platform/context' {
  interface Services {
    asr: AsrService;
  }
}

/** Speech-to-text and audio metrics of recordings (after the recording module). */
export const asrModule: Module = {
  name: 'asr',
  setup(ctx) {
    const svc = new AsrService(ctx, loadAsrConfig());
    ctx.services.asr = svc;
    svc.registerJobs();
    asrRoutes(ctx, svc);
    ctx.app.addHook('onReady', async () => {
      if (!ctx.jobs.isStarted) return;
      try {
        const n = await svc.requeueStale();
        if (n) ctx.app.log.info(`requeued ${n} recordings left 排队中`);
      } catch (err) {
        ctx.app.log.error({ err }, 'requeue of stale recordings failed');
      }
    });
  },
};

export type { AsrService } from './service';
export { parseTranscript } from './transcript';
