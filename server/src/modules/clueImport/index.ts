import type { Module } from '../../platform/context';
import { ClueExportService, EXPORT_JOB } from './export';
import { clueImportRoutes } from './routes';
import { ClueImportService, IMPORT_JOB } from './service';

declare module '../../platform/context' {
  interface Services {
    clueImport: ClueImportService;
    /** Background exports of lead lists (the pool's export too). */
    clueExport: ClueExportService;
  }
}

/** Import and export of leads; needs the clue and clueField modules (set up before it). */
export const clueImportModule: Module = {
  name: 'clueImport',
  setup(ctx) {
    const svc = new ClueImportService(ctx.db, ctx, ctx.services.clue, ctx.services.clueField);
    const exports = new ClueExportService(ctx.db, ctx, ctx.services.clue);
    ctx.services.clueImport = svc;
    ctx.services.clueExport = exports;
    ctx.jobs.register<{ recordId: number }>(IMPORT_JOB, (data) => svc.runImport(data.recordId), {
      // heartbeat: a job whose worker died is retried within a minute, not after the hour of expiry
      queue: { retryLimit: 1, expireInSeconds: 3600, heartbeatSeconds: 60 },
    });
    ctx.jobs.register<{ recordId: number }>(EXPORT_JOB, (data) => exports.runExport(data.recordId), {
      queue: { retryLimit: 1, expireInSeconds: 3600, heartbeatSeconds: 60 },
    });
    clueImportRoutes(ctx, svc, exports);
  },
};

export { createExportRecord, exportStamp, runExportRecord } from './export';
