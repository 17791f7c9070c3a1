import { describe, expect, it } from 'vitest';
import { analyse } from './analyse';
import { DEFAULT_RULES } from './defaults';
import { call } from './testCall';

const run = (lines: Parameters<typeof call>[0]) => analyse(call(lines), DEFAULT_RULES);
const tags = (r: ReturnType<typeof run>) => r.tags.map((t) => t.tag);

// The strong / general / none boundary: next steps proposed by the customer, conditions, not-now and put-offs.
describe('intention boundaries', () => {
  it('strong: the customer proposes a time and a place to meet, in one clause or over two', () => {
    for (const lines of [
      [
        ['a', '那您看什么时候方便我们详细聊聊'],
        ['c', '明天下午三点你来我公司详细聊'],
      ],
      [
        ['a', '我们店在万达二楼'],
        ['c', '行，周六上午我过去'],
      ],
      [
        ['a', '设计师可以上门'],
        ['c', '明天上午十点我在家，你过来吧'],
      ],
      [
        ['a', '我们可以当面聊'],
        ['c', '那就明天中午，在我们公司楼下咖啡厅'],
      ],
      [
        ['a', '量房是免费的'],
        ['c', '那你们后天派人来量一下吧'],
      ],
    ] as Parameters<typeof call>[0][]) {
      expect(run(lines).intention, JSON.stringify(lines)).toBe('strong');
    }
  });

  it('strong: the customer asks about the proposal first, then agrees', () => {
    const r = run([
      ['a', '我们这周六有个体验课'],
      ['c', '好啊，几点？'],
      ['a', '上午十点'],
      ['c', '行，我带孩子去'],
    ]);
    expect(r.intention).toBe('strong');
  });

  it('general, not strong: a step on a condition (能去掉我就买, 要是便宜我就定了)', () => {
    for (const said of ['能去掉我就买，你先寄个小样', '要是便宜我就定了，你先报个价']) {
      const r = run([
        ['a', '这款现在有活动'],
        ['c', said],
      ]);
      expect(r.intention, said).toBe('general');
    }
  });

  it('a step asked both ways stays a step; one called off is none of it', () => {
    const asked = run([
      ['a', '可以来店里体验'],
      ['c', '那我周六上午过去行不行，能不能明天下午过去'],
    ]);
    expect(asked.intention).toBe('strong');
    const off = run([
      ['a', '可以来店里体验'],
      ['c', '多少钱啊'],
      ['a', '三百'],
      ['c', '我现在过去不方便，回头再说'],
    ]);
    expect(off.intention).toBe('general');
  });

  it('an agent passing a matter on is no step for the customer to accept', () => {
    const r = run([
      ['a', '这个问题我明天转给你们区域经理处理好吗？'],
      ['c', '好'],
      ['a', '价格是三百'],
      ['c', '哦价格还行'],
    ]);
    expect(r.intention).toBe('general');
  });

  it('none without tag 1: a no for now (暂时不考虑, 现在先不弄)', () => {
    for (const said of ['暂时不考虑，明年再说吧', '现在先不弄，等定了再说']) {
      const r = run([
        ['a', '我们有个团购活动'],
        ['c', said],
      ]);
      expect(r.intention, said).toBe('none');
      expect(tags(r), said).toEqual([]);
    }
  });

  it('putting it off after real interest is hesitation; after a polite no it is none', () => {
    const curious = run([
      ['a', '我们是做装修的'],
      ['c', '全包大概多少钱一平啊'],
      ['a', '一千二起'],
      ['c', '那工期多久'],
      ['a', '九十天左右'],
      ['c', '嗯，行，我了解一下，等交房了再说吧'],
    ]);
    expect(curious.intention).toBe('general');
    const polite = run([
      ['a', '给您推荐一个更划算的套餐'],
      ['c', '不用了，谢谢你啊'],
      ['a', '您要不要考虑一下'],
      ['c', '不用了不用了，有需要我自己去营业厅办'],
    ]);
    expect(polite.intention).toBe('none');
    expect(tags(polite)).toEqual([1]);
  });

  it('a statement ending in 呢 is no question of interest; a goodbye is no decline', () => {
    const r = run([
      ['a', '给您介绍一款医疗险'],
      ['c', '不需要，谢谢啊，我这边上班呢'],
    ]);
    expect(r.intention).toBe('none');
    const kind = run([
      ['a', '基金是不保本的'],
      ['c', '收益多少？手续费呢？'],
      ['a', '申购费一折'],
      ['c', '哦，行吧，我回头在APP上看看'],
      ['a', '好的'],
      ['c', '嗯，行，挂了啊'],
    ]);
    expect(kind.intention).toBe('general');
  });
});
