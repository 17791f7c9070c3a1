import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded shape's marker: the process that owns DATA_DIR's PGlite database writes its pid there, so that a
 * backup or a restore refuses to work on a directory a running server holds.
 */
const pidFile = (dataDir: string) => join(dataDir, 'server.pid');

export function writePidFile(dataDir: string): void {
  writeFileSync(pidFile(dataDir), String(process.pid));
  process.once('exit', () => {
    if (embeddedServerPid(dataDir) === process.pid) rmSync(pidFile(dataDir), { force: true });
  });
}

/** The pid of a live server holding the directory, or null. */
export function embeddedServerPid(dataDir: string): number | null {
  if (!existsSync(pidFile(dataDir))) return null;
  const pid = Number(readFileSync(pidFile(dataDir), 'utf8').trim());
  if (!pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}
