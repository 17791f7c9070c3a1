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
    expect(lines[0].violations[0]).toEqual({
      rule: '承诺收益',
      text: '保本保息',
      segment: 0,
      startMs: 500,
      layer: 'rule',
    });
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
      'intentionLayer',
      'intentionEvidence',
      'tagLayers',
      'complaint',
      'abuse',
      'refusal',
      'speakersSwapped',
    ]);
    expect(lines[0].refusal).toMatchObject({ value: true, layer: 'rule', pending: false });
    expect(lines[0].refusal.evidence[0]).toMatchObject({ segment: 1, quote: '不需要' });
    expect(lines[1].error).toContain('JSON');
    expect(lines[2]).toMatchObject({ intention: null, tags: [8], churnRisk: null });
    expect(lines[3].error).toBeTruthy();
    expect(lines[4].error).toContain('转写文本第 1 句：说话方');
  }, 120_000);

  it('--learn EXAMPLES --model DIR learns corrections and prints what it learned; --model DIR analyses with it', () => {
    const mk = (said: string) =>
      call([
        ['a', '您好，我是蓝天装饰的小李，您之前在网上登记过装修'],
        ['c', '嗯'],
        ['a', '我们这周有免费量房'],
        ['c', said],
        ['a', '好的'],
      ]);
    const examples = join(dir, 'examples.json');
    writeFileSync(
      examples,
      JSON.stringify(
        ['我跟那口子合计合计再说', '回去跟那口子合计一下', '这个得合计合计', '等我合计好了'].map((said) => ({
          transcript: mk(said),
          labels: { intention: 'general' },
        })),
      ),
    );
    const next = join(dir, 'next.json');
    writeFileSync(next, JSON.stringify(mk('这事我得跟我家那口子合计合计')));
    const modelDir = join(dir, 'org-model');
    const cli = join(import.meta.dirname, 'cli.ts');
    const run = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
        encoding: 'utf8',
        cwd: join(import.meta.dirname, '../../../..'),
      });
    const before = JSON.parse(run([next]).stdout);
    expect(before).toMatchObject({ intention: 'none', intentionLayer: 'default' });
    const learnt = run(['--learn', examples, '--model', modelDir]);
    expect(learnt.status).toBe(0);
    const line = JSON.parse(learnt.stdout.trim());
    expect(line.learned).toMatchObject({ total: 4, intention: 4, tags: 0 });
    const after = JSON.parse(run(['--model', modelDir, next]).stdout);
    expect(after).toMatchObject({ intention: 'general', intentionLayer: 'orgModel' });
    expect(after.intentionEvidence[0].quote).toBe('这事我得跟我家那口子合计合计');
    const bad = run(['--learn', join(dir, 'missing.json'), '--model', modelDir]);
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout).error).toBeTruthy();
  }, 300_000);
});
