import type { Module } from '../../platform/context';
import { clueRoutes } from './routes';
import { seedClues } from './seed';
import { Clues } from './service';

declare module '../../platform/context' {
  interface Services {
    clue: Clues;
  }
}

/** Leads and customers; needs the clueField module (set up before it). */
export const clueModule: Module = {
  name: 'clue',
  setup(ctx) {
    const clues = new Clues(ctx.db, ctx.services.clueField, ctx);
    ctx.services.clue = clues;
    clueRoutes(ctx, clues);
  },
  async seed(ctx, demo) {
    for (const [i, org] of demo.entries()) await seedClues(ctx, org, i);
  },
};

export { AREA_TREE, areaFromCodes, areaFromText } from './area';
export type { AutoPick, NewLeadAttrs } from './autoAssign';
export type { NewLead } from './bulk';
export { clueIdsOfFilter, correctLastCall } from './callTargets';
export type { LeadChange } from './changes';
export { leadChangesByIds, leadIdsByPhones, leadsChangedSince } from './changes';
export type { IdleRule } from './idleLeads';
export { idleLeads, leadIdSpan, oldestUnlockedLeads, refreshLeadStatistics } from './idleLeads';
export { LEAD_DIM, leadDimFacts, leadWorkFacts } from './leadFacts';
export { moveStageForPaidOrder } from './orderStage';
export type { ClueFilter } from './query';
export { clueScope, orgClues, searchGrams } from './query';
export { leadNames, leadRows, liveLeads, visibleLeadIds, visibleLeads } from './readModel';
export { findClue, leadOfOrg, someCustomers } from './rows';
export type { Clues } from './service';
export type { ClueRow } from './view';
export { accessOf } from './view';
