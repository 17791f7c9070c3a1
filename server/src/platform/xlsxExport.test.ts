import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DiskStorage, type Storage } from './storage';
import { neutralizeFormula, XlsxExport, xlsxCell } from './xlsxExport';

async function load(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as never);
  return wb;
}

describe('neutralizeFormula', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+86 138 0013 8017', "'+86 138 0013 8017"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['张伟', '张伟'],
    ['a=1', 'a=1'],
    ['', ''],
    // the dash of an empty value is no formula
    ['-', '-'],
    ['--', '--'],
  ])('%j → %j', (input, expected) => {
    expect(neutralizeFormula(input)).toBe(expected);
  });
});

describe('xlsxCell', () => {
  it('neutralises text only; numbers, booleans and empties stay as they are', () => {
    expect(xlsxCell(-5)).toBe(-5);
    expect(xlsxCell(13800138000)).toBe(13800138000);
    expect(xlsxCell(Number.NaN)).toBeNull();
    expect(xlsxCell(true)).toBe(true);
    expect(xlsxCell(null)).toBeNull();
    expect(xlsxCell(undefined)).toBeNull();
    expect(xlsxCell(['=a', 'b'])).toBe("'=a，b");
    expect(xlsxCell({ a: 1 })).toBe('{"a":1}');
    expect(xlsxCell(new Date('2025-01-31T02:00:00Z'))).toBe('2025-01-31 10:00:00');
    expect(xlsxCell(new Date('2025-01-30T16:00:00Z'))).toBe('2025-01-31');
    expect(xlsxCell('x'.repeat(40_000))).toHaveLength(32_767);
  });
});

describe('XlsxExport', () => {
  it('writes sheets with a bold header, widths and rows; formula-like text is written as text with a quote', async () => {
    const buf = await XlsxExport.toBuffer((x) => {
      const s = x.sheet('客户', [{ header: '客户名称', width: 30 }, '手机号', '年龄']);
      s.add(['=HYPERLINK("http://x","y")', '+86 138 0013 8017', 30]);
      s.add(['张伟', null, -1]);
      x.sheet('说明', ['=字段']).add(['@x']);
    });
    const wb = await load(buf);
    const ws = wb.getWorksheet('客户')!;
    expect(ws.getRow(1).values).toEqual([undefined, '客户名称', '手机号', '年龄']);
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.getColumn(1).width).toBe(30);
    const formula = ws.getRow(2).getCell(1);
    expect(formula.type).toBe(ExcelJS.ValueType.String);
    expect(formula.value).toBe(`'=HYPERLINK("http://x","y")`);
    expect(ws.getRow(2).getCell(2).value).toBe("'+86 138 0013 8017");
    expect(ws.getRow(2).getCell(3).value).toBe(30);
    expect(ws.getRow(3).getCell(2).value).toBeNull();
    expect(ws.getRow(3).getCell(3).value).toBe(-1);
    const help = wb.getWorksheet('说明')!;
    expect(help.getRow(1).getCell(1).value).toBe("'=字段");
    expect(help.getRow(2).getCell(1).value).toBe("'@x");
  });

  it('stores the file while it is written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'crm-xlsx-'));
    try {
      const storage = new DiskStorage(dir);
      const x = new XlsxExport();
      const stored = x.storeIn(storage, 'a/b.xlsx');
      const s = x.sheet('S', ['名称']);
      for (let i = 0; i < 500; i++) s.add([`=行${i}`]);
      await x.done();
      const { size } = await stored;
      const buf = await readFile(join(dir, 'a/b.xlsx'));
      expect(buf.length).toBe(size);
      const ws = (await load(buf)).getWorksheet('S')!;
      expect(ws.rowCount).toBe(501);
      expect(ws.getRow(501).getCell(1).value).toBe("'=行499");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails instead of hanging when the stream fails: done() rejects, add() throws', async () => {
    const failing: Storage = {
      kind: 'disk',
      async put(_key, body) {
        (body as NodeJS.ReadableStream & { destroy(e: Error): void }).destroy(new Error('磁盘已满'));
        throw new Error('磁盘已满');
      },
      get: () => Promise.reject(new Error('unused')),
      size: async () => null,
      delete: async () => {},
    };
    const x = new XlsxExport();
    const stored = x.storeIn(failing, 'k.xlsx');
    const s = x.sheet('S', ['名称']);
    await expect(stored).rejects.toThrow('磁盘已满');
    await expect(x.done()).rejects.toThrow('磁盘已满');
    expect(() => s.add(['x'])).toThrow('磁盘已满');

    // a download whose client went away: the stream closes early
    const y = new XlsxExport();
    y.sheet('S', ['名称']).add(['x']);
    y.stream.destroy();
    await expect(y.done()).rejects.toThrow('closed before the file was complete');
  });
});
