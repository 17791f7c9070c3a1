import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { gbk } from '../../test/gbk';
import { csvRows, sniffCsvEncoding } from './sheet';

async function rows(chunks: Buffer[]) {
  const out = [];
  for await (const r of csvRows(Readable.from(chunks))) out.push(r);
  return out;
}

describe('sniffCsvEncoding', () => {
  it.each([
    ['a UTF-8 BOM', Buffer.from('\ufeff姓名', 'utf8'), 'utf-8'],
    ['UTF-8 without BOM', Buffer.from('姓名,电话', 'utf8'), 'utf-8'],
    ['UTF-8 cut inside a character', Buffer.from('姓名', 'utf8').subarray(0, 5), 'utf-8'],
    ['plain ASCII', Buffer.from('name,phone'), 'utf-8'],
    ['a UTF-16LE BOM', Buffer.from([0xff, 0xfe, 0x53, 0x59]), 'utf-16le'],
    ['GBK from Excel on Chinese Windows', gbk('姓名,电话,公司'), 'gb18030'],
  ])('%s', (_name, bytes, expected) => {
    expect(sniffCsvEncoding(bytes)).toBe(expected);
  });
});

describe('csvRows', () => {
  it('reads a GBK file', async () => {
    expect(await rows([gbk('姓名,电话\r\n张伟,13800000001\r\n')])).toEqual([
      ['姓名', '电话'],
      ['张伟', '13800000001'],
    ]);
  });

  it('decides the encoding at the first chunk that is not plain ASCII', async () => {
    expect(await rows([Buffer.from('name,phone\n'), gbk('张伟,13800000001\n')])).toEqual([
      ['name', 'phone'],
      ['张伟', '13800000001'],
    ]);
  });

  it('keeps a UTF-8 character that a chunk boundary cuts in two', async () => {
    const bytes = Buffer.from('\ufeff姓名,公司\n张伟,星辰科技\n', 'utf8');
    const cut = bytes.indexOf(Buffer.from('星', 'utf8')) + 1;
    expect(await rows([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual([
      ['姓名', '公司'],
      ['张伟', '星辰科技'],
    ]);
  });

  it('keeps quoted commas, doubled quotes and newlines, and a last row without a newline', async () => {
    expect(await rows([Buffer.from('a,"b,1","say ""hi""\nnow"\nc,,d')])).toEqual([
      ['a', 'b,1', 'say "hi"\nnow'],
      ['c', null, 'd'],
    ]);
  });
});
