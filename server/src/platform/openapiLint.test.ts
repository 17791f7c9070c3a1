import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';

/**
 * The served API documents (the product's at /api/docs/json, the open API's at /api/openapi/docs/json) pass
 * `@redocly/cli lint` with its recommended rules without errors, so that a client generator can use them. The CLI
 * runs from node_modules with its telemetry and update notice off: nothing leaves the machine.
 */

const run = promisify(execFile);
const cli = join(createRequire(import.meta.url).resolve('@redocly/cli/package.json'), '..', 'bin', 'cli.js');

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

async function lint(file: string): Promise<Problem[]> {
  const res = await run(process.execPath, [cli, 'lint', file, '--format=json', '--max-problems=100000'], {
    env: {
      ...process.env,
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
      NODE_ENV: 'test',
      CI: '1',
    },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }));
  return (JSON.parse(res.stdout) as { problems: Problem[] }).problems;
}

const summary = (ps: Problem[]) => ps.slice(0, 20).map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);

describe('API documents pass redocly lint (recommended rules)', () => {
  const t = useTestApp({ API_DOCS: 'public', START_JOBS: 'false' });
  const dir = mkdtempSync(join(tmpdir(), 'crm-oas-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['product', '/api/docs/json'],
    ['open API', '/api/openapi/docs/json'],
  ])(
    'the %s document has no errors, and every operation an id, a security requirement and 4xx answers',
    async (_name, url) => {
      const res = await t().built.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      const file = join(dir, `${url.replaceAll('/', '_')}.json`);
      writeFileSync(file, res.body);
      const problems = await lint(file);
      expect(summary(problems.filter((p) => p.severity === 'error'))).toEqual([]);
      // the warnings the issue named are gone too
      const named = ['operation-operationId', 'operation-4xx-response', 'security-defined', 'no-empty-servers'];
      expect(summary(problems.filter((p) => named.includes(p.ruleId)))).toEqual([]);
      const ops = Object.values(doc.paths as Record<string, Record<string, { security?: unknown }>>).flatMap(
        Object.values,
      );
      expect(ops.length).toBeGreaterThan(url.includes('openapi') ? 4 : 500);
    },
    120_000,
  );
});
