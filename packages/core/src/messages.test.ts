import { describe, expect, it } from 'vitest';
import { clueNameLine, messageListOf, splitMessages } from './messages';

describe('msgType routing', () => {
  it.each([
    ['ai_intention_degree', 'ai'],
    ['ai_churn_risk', 'ai'],
    ['ai_model', 'ai'],
    ['ai_risk', 'ai'],
    ['ai_label', 'ai'],
    ['ai_violation', 'ai'],
    ['ai_keyword', 'ai'],
    ['ai_chat_key', 'ai'],
    ['ai_other', 'normal'],
    ['notice', 'normal'],
    ['clue_remind', 'normal'],
    [null, 'normal'],
    [undefined, 'normal'],
  ])('%s → %s', (t, list) => expect(messageListOf(t)).toBe(list));

  it('splits a list', () => {
    const { ai, normal } = splitMessages([{ msgType: 'ai_risk' }, { msgType: 'notice' }, { msgType: 'ai_label' }]);
    expect([ai.length, normal.length]).toEqual([2, 1]);
  });

  it.each([
    [{ name: '张三', company: '星辰' }, '张三(星辰)'],
    [{ name: '张三' }, '张三'],
    [{ company: '星辰' }, '星辰'],
    [{ name: ' ', company: '' }, '--'],
    [null, '--'],
  ])('name line %o → %s', (info, line) => expect(clueNameLine(info)).toBe(line));
});
