import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../../lib/analyser/testCall';

const dir = mkdtempSync(join(tmpdir(), 'analyse-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run analyse', () => {
  it('prints one JSON line per file in order; a bad file prints its error and the exit code is 1', () => {
    const good = join(dir, 'good.json');
    const off = join(dir, 'off.json');
    const broken = join(dir, 'broken.json');
    const invalid = join(dir, 'invalid.json');
    writeFileSync(
      good,
      JSON.stringify(
        call([
          ['a', '您好，这款理财保本保息'],
          ['c', '不需要，谢谢'],
        ]),
      ),
    );
    writeFileSync(off, JSON.stringify(call([['c', '您拨打的电话已关机']])));
    writeFileSync(broken, '{ not json');
    writeFileSync(invalid, JSON.stringify({ segments: [{ speaker: 'robot', startMs: 0, endMs: 1, text: 'x' }] }));
    const missing = join(dir, 'missing.json');
    const cli = join(import.meta.dirname, 'cli.ts');
    const out = spawnSync(process.execPath, ['--import', 'tsx', cli, good, broken, off, missing, invalid], {
      encoding: 'utf8',
      cwd: join(import.meta.dirname, '../../../..'),
    });
    expect(out.status).toBe(1);
    const lines = out.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.file)).toEqual([good, broken, off, missing, invalid]);
    expect(lines[0]).toMatchObject({ intention: 'none', tags: [1], potentialComplaint: false, aiLabels: [3] });
    expect(lines[0].violations[0]).toEqual({ rule: '承诺收益', text: '保本保息', segment: 0, startMs: 500 });
    expect(Object.keys(lines[0])).toEqual([
      'file',
      'intention',
      'tags',
      'violations',
      'flags',
      'churnRisk',
      'potentialComplaint',
      'aiLabels',
      'keywords',
      'summary',
      'figures',
    ]);
    expect(lines[1].error).toContain('JSON');
    expect(lines[2]).toMatchObject({ intention: null, tags: [8], churnRisk: null });
    expect(lines[3].error).toBeTruthy();
    expect(lines[4].error).toContain('speaker');
  });
});
