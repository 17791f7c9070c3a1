import type { Module } from '../../platform/context';
import { operationLogRoutes } from './routes';

export const operationLogModule: Module = {
  name: 'operationLog',
  setup(ctx) {
    operationLogRoutes(ctx);
  },
};
