import { SopRuleInput } from '@crm/core/contract/sop';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  coveragePercent,
  deptTree,
  formOf,
  itemEmpty,
  itemEvidence,
  lines,
  namesOrAll,
  regexProblem,
  type SopItemCoverage,
  sopFieldErrors,
} from './sop';

const stored = {
  id: 7,
  name: '电话销售三步',
  status: 1,
  statusName: '启用',
  depts: [],
  followStatuses: [],
  itemCount: 2,
  itemNames: ['自我介绍', '约定跟进'],
  createdBy: 1,
  createdByName: '管理员',
  createdAt: null,
  updatedAt: null,
  deptIds: [],
  followStatusIds: [3],
  items: [
    {
      id: 11,
      name: '自我介绍',
      sort: 1,
      keywords: ['我是'],
      examples: ['我是星辰教育的顾问'],
      regex: ['我是.{0,6}顾问'],
      speaker: 'agent' as const,
      speakerName: '销售',
      llmQuestion: '销售是否自我介绍？',
      afterKeywords: [],
      afterRegex: ['^喂'],
    },
    {
      id: 12,
      name: '约定跟进',
      sort: 2,
      keywords: ['明天'],
      examples: [],
      regex: [],
      speaker: 'any' as const,
      speakerName: '双方',
      llmQuestion: null,
      afterKeywords: [],
      afterRegex: [],
    },
  ],
};

describe('the rule form', () => {
  it('reads lines trimmed, without blanks and repeats', () =>
    expect(lines(' 请问是\n\r\n您是 \n请问是')).toEqual(['请问是', '您是']));
  it('round-trips a stored rule, keeping what the form does not edit', () => {
    const body = bodyOf(formOf(stored), stored, 1);
    expect(body.items).toEqual([
      {
        id: 11,
        name: '自我介绍',
        keywords: ['我是'],
        examples: ['我是星辰教育的顾问'],
        regex: ['我是.{0,6}顾问'],
        speaker: 'agent',
        llmQuestion: '销售是否自我介绍？',
        afterKeywords: [],
        afterRegex: ['^喂'],
      },
      expect.objectContaining({ id: 12, name: '约定跟进', speaker: 'any' }),
    ]);
    expect(body.followStatusIds).toEqual([3]);
  });
  it('sends the items in the order shown, new ones without an id, and the server accepts it', () => {
    const form = formOf(stored);
    form.items = [
      { name: ' 确认身份 ', keywords: [' 请问是', '您是', ''], examples: '', regex: '', speaker: 'agent' },
      form.items![1],
    ];
    const body = bodyOf(form, stored, 2);
    expect(body.items.map((i) => [i.id, i.name])).toEqual([
      [undefined, '确认身份'],
      [12, '约定跟进'],
    ]);
    expect(body.items[0].keywords).toEqual(['请问是', '您是']);
    expect(SopRuleInput.safeParse(body).success).toBe(true);
  });
  it('a new rule starts with one empty item said by the agent', () =>
    expect(formOf(null).items).toEqual([{ keywords: [], speaker: 'agent', afterKeywords: [] }]));
  it('knows an item matched by nothing', () => {
    expect(itemEmpty({ keywords: [' '], examples: '\n', regex: '' })).toBe(true);
    expect(itemEmpty({ examples: '您好' })).toBe(false);
  });
});

describe('patterns checked in the browser', () => {
  it('says which pattern does not compile, as the server does', () => {
    expect(regexProblem('我是.*\n加(微信', '约定跟进')).toMatch(/^正则表达式无法编译：环节「约定跟进」的 加\(微信：/);
    const server = SopRuleInput.safeParse({
      name: 'x',
      items: [{ name: '约定跟进', regex: ['加(微信'] }],
    });
    expect(server.error?.issues[0].message.split('：')[0]).toBe('正则表达式无法编译');
  });
  it('passes patterns that compile', () => expect(regexProblem('我是\n(请问|您)是', 'x')).toBeNull());
});

describe('server refusals on the form', () => {
  it('puts an item field on that item, a field not shown on its name', () =>
    expect(
      sopFieldErrors({
        msg: 'x',
        data: {
          errors: [
            { field: 'items.2.regex.0', message: '正则表达式无法编译：…' },
            { field: 'items.0.afterRegex.1', message: '前置正则…' },
            { field: 'name', message: '请输入规则名称' },
          ],
        },
      }),
    ).toEqual([
      { name: ['items', 2, 'regex'], errors: ['正则表达式无法编译：…'] },
      { name: ['items', 0, 'name'], errors: ['前置正则…'] },
      { name: ['name'], errors: ['请输入规则名称'] },
    ]));
  it('puts a taken name on the name; other failures on no field', () => {
    expect(sopFieldErrors({ msg: 'SOP规则名称已存在', data: null })).toEqual([
      { name: ['name'], errors: ['SOP规则名称已存在'] },
    ]);
    expect(sopFieldErrors({ msg: '无权限', data: null })).toBeNull();
  });
});

describe('lists and coverage', () => {
  it('builds the department tree from parents', () =>
    expect(
      deptTree([
        { id: 1, name: '总部', parentId: null },
        { id: 2, name: '销售一部', parentId: 1 },
        { id: 3, name: '孤儿', parentId: 99 },
      ]),
    ).toEqual([
      {
        title: '总部',
        value: 1,
        key: 1,
        children: [{ title: '销售一部', value: 2, key: 2, children: [] }],
      },
      { title: '孤儿', value: 3, key: 3, children: [] },
    ]));
  it('names none as 全部', () => {
    expect(namesOrAll([])).toBe('全部');
    expect(namesOrAll([{ name: '一部' }, { name: '二部' }])).toBe('一部、二部');
  });
  it('turns a covered item into evidence, a missed one into none', () => {
    const hit: SopItemCoverage = {
      itemId: 1,
      name: '自我介绍',
      sort: 1,
      hit: true,
      how: 'keyword',
      howName: '关键词',
      score: 1,
      sentence: '您好，我是小王',
      match: '我是',
      segment: 0,
      startMs: 1200,
      endMs: 3000,
      speaker: 'agent',
      speakerName: '销售',
      position: 1,
    };
    expect(itemEvidence(hit)).toEqual({
      segment: 0,
      startMs: 1200,
      endMs: 3000,
      speaker: 'agent',
      text: '您好，我是小王',
      match: '我是',
    });
    expect(itemEvidence({ ...hit, hit: false, sentence: null, startMs: null, speaker: null, match: null })).toBeNull();
    expect(coveragePercent(2 / 3)).toBe('67%');
  });
});
