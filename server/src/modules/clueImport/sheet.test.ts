import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { gbk } from '../../test/gbk';
import { dateOf } from './rows';
import { csvRows, excelSerialDate, type SheetInfo, sniffCsvEncoding, xlsxRows } from './sheet';

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

describe('xlsxRows', () => {
  const read = async (wb: ExcelJS.Workbook) => {
    const info: SheetInfo = { date1904: false };
    const out = [];
    for await (const r of xlsxRows(Readable.from([Buffer.from(await wb.xlsx.writeBuffer())]), info)) out.push(r);
    return { rows: out, info };
  };

  it('reads a cell with a date format as the Shanghai time it shows; plain numbers stay numbers', async () => {
    const wb = new ExcelJS.Workbook();
    const row = wb.addWorksheet('S').addRow([new Date(Date.UTC(2025, 0, 31, 10, 30)), 45688.4375]);
    row.getCell(1).numFmt = 'yyyy-mm-dd hh:mm';
    const { rows, info } = await read(wb);
    expect(rows[0][0]).toEqual(new Date('2025-01-31T10:30:00+08:00'));
    expect(rows[0][1]).toBe(45688.4375);
    expect(info.date1904).toBe(false);
    expect(excelSerialDate(rows[0][1] as number)).toEqual(new Date('2025-01-31T10:30:00+08:00'));
  });

  it('respects the 1904 date system', async () => {
    const wb = new ExcelJS.Workbook();
    wb.properties.date1904 = true;
    const row = wb.addWorksheet('S').addRow([new Date(Date.UTC(1990, 4, 1)), 31532]);
    row.getCell(1).numFmt = 'yyyy-mm-dd';
    const { rows, info } = await read(wb);
    expect(info.date1904).toBe(true);
    expect(rows[0][0]).toEqual(new Date('1990-05-01T00:00:00+08:00'));
    expect(excelSerialDate(rows[0][1] as number, info.date1904)).toEqual(new Date('1990-05-01T00:00:00+08:00'));
  });
});

describe('excelSerialDate', () => {
  it.each([
    [1, false, '1900-01-01T00:00:00+08:00'],
    [59, false, '1900-02-28T00:00:00+08:00'],
    [61, false, '1900-03-01T00:00:00+08:00'],
    [32994, false, '1990-05-01T00:00:00+08:00'],
    [45688.5, false, '2025-01-31T12:00:00+08:00'],
    [0, true, '1904-01-01T00:00:00+08:00'],
  ])('%d (1904: %s) → %s', (serial, date1904, expected) => {
    expect(excelSerialDate(serial, date1904)).toEqual(new Date(expected));
  });

  it('is null outside the dates Excel can hold', () => {
    expect(excelSerialDate(0)).toBeNull();
    expect(excelSerialDate(-3)).toBeNull();
    expect(excelSerialDate(19900501)).toBeNull();
    expect(excelSerialDate(Number.NaN)).toBeNull();
  });
});

describe('dateOf (a cell of a date column)', () => {
  it.each([
    ['1990-05-01', '1990-05-01T00:00:00+08:00'],
    ['1990/5/1', '1990-05-01T00:00:00+08:00'],
    ['1990.5.1', '1990-05-01T00:00:00+08:00'],
    ['1990年5月1日', '1990-05-01T00:00:00+08:00'],
    ['2025/1/31 9:05', '2025-01-31T09:05:00+08:00'],
    ['2025-01-31T10:00:30', '2025-01-31T10:00:30+08:00'],
  ])('%s', (text, expected) => {
    expect(dateOf(text)).toEqual(new Date(expected));
  });

  it('takes numbers for serials and refuses text that is no date', () => {
    expect(dateOf(32994)).toEqual(new Date('1990-05-01T00:00:00+08:00'));
    expect(dateOf('32994')).toBeNull();
    expect(dateOf('不是日期')).toBeNull();
    expect(dateOf('1990-02-30')).toBeNull();
    expect(dateOf(null)).toBeNull();
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
