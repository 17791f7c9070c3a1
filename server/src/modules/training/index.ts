/**
 * 员工培训 (issue 27): example calls managers mark (the library) and trainings assigned to staff.
 *
 *   schema.ts      call_example, call_train_log, call_train_transfer
 *   examples.ts    mark, library, facets, remove;  facets.ts  what an example is found by (+ the `training.facets` and `training.removed` jobs)
 *   service.ts     assign, list, detail, edit, study, transfer, delete;  present.ts  rows as answers
 *   completion.ts  per person and department;  exports.ts  the .xlsx;  seed.ts  demo rows
 *   practiceDone.ts  a practice-script training completes itself when its trainee passes (`practice.ended`)
 */
import type { Module } from '../../platform/context';
import { trainingConsumers } from './facets';
import { completeOnPractice } from './practiceDone';
import { trainingRoutes } from './routes';
import { seedTraining } from './seed';

export const trainingModule: Module = {
  name: 'training',
  setup(ctx) {
    trainingRoutes(ctx);
    trainingConsumers(ctx);
    completeOnPractice(ctx);
  },
  async seed(ctx, demo) {
    for (const org of demo) await seedTraining(ctx.db, org);
  },
};
