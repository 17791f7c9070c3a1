import type { Module } from '../../platform/context';
import { sealStoredSettings } from './config';
import { telephonyRoutes } from './routes';
import { seedTelephony } from './seed';
import { Telephony } from './service';

declare module '../../platform/context' {
  interface Services {
    telephony: Telephony;
  }
}

/** Calling: seats, lines, providers (FreeSWITCH, cloud call centre), calls, tasks, number protection, filing. */
export const telephonyModule: Module = {
  name: 'telephony',
  async setup(ctx) {
    // secrets saved before encryption at rest are sealed now (idempotent)
    await sealStoredSettings(ctx.db);
    const tel = new Telephony(ctx);
    ctx.services.telephony = tel;
    tel.registerJobs();
    telephonyRoutes(ctx);
  },
  async seed(ctx, demo) {
    for (const [i, org] of demo.entries()) await seedTelephony(ctx, org, i);
  },
};

export { callDayFacts, uploadDayFacts } from './callFacts';
export { callRows, PLACED } from './readModel';
export { seedCalls } from './seed';
