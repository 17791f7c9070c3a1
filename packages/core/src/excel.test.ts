import { describe, expect, it } from 'vitest';
import { isFollowPersonHeader, sheetNameError } from './excel';

describe('follow-up person header', () => {
  it.each([
    ['跟进人', true],
    ['*跟进人', true],
    [' 跟进人 ', true],
    ['跟进人员', false],
    ['负责人', false],
    ['跟进人'.padEnd(20, ' '), false],
    [123, false],
    [null, false],
  ])('%s → %s', (cell, ok) => expect(isFollowPersonHeader(cell)).toBe(ok));
});

describe('sheet names', () => {
  it.each([
    ['客户列表', null],
    ['Sheet1', null],
    ['', '工作表名称不能为空'],
    ['   ', '工作表名称不能为空'],
    ['a'.repeat(31), null],
    ['a'.repeat(32), '工作表名称不能超过31个字符'],
    ["'客户", '工作表名称不能以单引号开头或结尾'],
    ["客户'", '工作表名称不能以单引号开头或结尾'],
    ["客'户", null],
    ['History', '工作表名称不能为 History'],
    ['history', '工作表名称不能为 History'],
    ['a:b', '工作表名称不能包含 : \\ / ? * [ ]'],
    ['a\\b', '工作表名称不能包含 : \\ / ? * [ ]'],
    ['a/b', '工作表名称不能包含 : \\ / ? * [ ]'],
    ['a?b', '工作表名称不能包含 : \\ / ? * [ ]'],
    ['a*b', '工作表名称不能包含 : \\ / ? * [ ]'],
    ['a[b]', '工作表名称不能包含 : \\ / ? * [ ]'],
  ])('%s → %s', (name, err) => expect(sheetNameError(name)).toBe(err));
});
