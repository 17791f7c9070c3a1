import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { recording } from './schema';

const R = '/api/robot';

describe('recording list export (xlsx)', () => {
  const t = useTestApp();

  it('writes formula-like text as text with a leading quote', async () => {
    const org = await t().newOrg();
    await t()
      .database.db.insert(recording)
      .values({
        organizationId: org.orgId,
        fileName: '=HYPERLINK("http://x","y").wav',
        ext: 'wav',
        fileKey: 'recordings/none.wav',
        hash: 'f'.repeat(32),
        size: 1,
        ownerUserId: org.seat.userId,
      });
    const res = await t().built.app.inject({
      method: 'POST',
      url: `${R}/recording/v1/export`,
      payload: { pageNum: 1, pageSize: 10 },
      headers: { authorization: org.admin.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('录音列表.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.getWorksheet('录音列表')!;
    expect(ws.getRow(1).getCell(2).value).toBe('文件名');
    const cell = ws.getRow(2).getCell(2);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(`'=HYPERLINK("http://x","y").wav`);
    expect(ws.getRow(2).getCell(1).value).toEqual(expect.any(Number));
  });
});
