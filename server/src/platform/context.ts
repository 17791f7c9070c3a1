import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db';
import type { Events } from './events';
import type { Jobs } from './jobs';
import type { Push } from './push';
import type { RateLimiter } from './rateLimit';
import type { TokenService } from './session';
import type { Storage } from './storage';

/** What every module gets when it is set up: the platform's adapters, chosen once by configuration. */
export interface AppContext {
  app: FastifyInstance;
  config: Config;
  database: Database;
  db: Db;
  jobs: Jobs;
  /** Domain events: each subscriber is its own queue (platform/events.ts). */
  events: Events;
  storage: Storage;
  push: Push;
  tokens: TokenService;
  limiter: RateLimiter;
  /** Services that other modules call, registered by their module's setup (see modules/index.ts). */
  services: Services;
  /** Adapters substituted by the caller of buildApp (tests), e.g. the account module's SMS provider. */
  overrides: Overrides;
}

/** Filled in by modules that accept a substitute adapter, through declaration merging. */
// biome-ignore lint/suspicious/noEmptyInterface: extended by modules
export interface Overrides {}

/** Filled in by modules; each module adds its own entry through declaration merging. */
// biome-ignore lint/suspicious/noEmptyInterface: extended by modules
export interface Services {}

export interface Module {
  name: string;
  setup(ctx: AppContext): void | Promise<void>;
  /** Demo data for the embedded start; runs once, after every module is set up, in module order. */
  seed?(ctx: AppContext, demo: DemoOrgs): Promise<void>;
}

export interface DemoOrg {
  orgId: number;
  adminId: number;
  managerId: number;
  seatIds: number[];
  deptIds: number[];
}
export type DemoOrgs = DemoOrg[];
