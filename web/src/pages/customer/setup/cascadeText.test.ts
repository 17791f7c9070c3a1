import { describe, expect, it } from 'vitest';
import { cascadeToText, textToCascade } from './cascadeText';

describe('cascade text', () => {
  it('builds a tree from lines of paths and back', () => {
    const tree = textToCascade('华东/上海/浦东\n华东/上海/徐汇\n华北/北京\n\n');
    expect(tree).toEqual([
      {
        value: '华东',
        label: '华东',
        children: [
          {
            value: '上海',
            label: '上海',
            children: [
              { value: '浦东', label: '浦东' },
              { value: '徐汇', label: '徐汇' },
            ],
          },
        ],
      },
      { value: '华北', label: '华北', children: [{ value: '北京', label: '北京' }] },
    ]);
    expect(cascadeToText(tree)).toEqual(['华东/上海/浦东', '华东/上海/徐汇', '华北/北京']);
  });

  it('keeps the stored values of unchanged paths', () => {
    const before = [{ value: 'sh', label: '上海', children: [{ value: 'pd', label: '浦东' }] }];
    expect(textToCascade('上海/浦东\n上海/闵行', before)).toEqual([
      {
        value: 'sh',
        label: '上海',
        children: [
          { value: 'pd', label: '浦东' },
          { value: '闵行', label: '闵行' },
        ],
      },
    ]);
  });
});
