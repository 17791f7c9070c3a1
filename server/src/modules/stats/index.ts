/**
 * Statistics and reports (plan group G-1): figures read from the leads, calls and orders modules through their
 * services and read models, scoped by the session's data scope.
 *
 *   scope.ts   who a filter counts (data scope ∩ department ∩ users), the scope's departments and users
 *   routes.ts  the calls of contract.stats
 */
import type { Module } from '../../platform/context';
import { statsRoutes } from './routes';

export const statsModule: Module = {
  name: 'stats',
  setup(ctx) {
    statsRoutes(ctx);
  },
};
