import type { ChildProcess } from 'node:child_process';

export const root: string;
export function freePort(): Promise<number>;
export function sleep(ms: number): Promise<void>;
export interface ServerProcess {
  name: string;
  port: number;
  baseUrl: string;
  pid: number | undefined;
  child: ChildProcess;
  exited: number | string | null;
  logs(): string;
  healthy(timeoutMs?: number): Promise<ServerProcess>;
  kill(signal?: NodeJS.Signals): void;
  stop(graceMs?: number): Promise<void>;
  waitExit(): Promise<unknown>;
}
export function spawnServer(opts: {
  name: string;
  port: number;
  env?: Record<string, string>;
  echo?: boolean;
  host?: string;
}): ServerProcess;
