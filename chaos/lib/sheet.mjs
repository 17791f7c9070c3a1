// Lead import sheets (.xlsx, streaming writer): names, unique phones, companies, stages.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';

/** `rows` leads whose phones start with 16 and carry `tag` (a digit per test, so tests do not collide). */
export async function leadsSheet(rows, tag = '0') {
  const dir = mkdtempSync(join(tmpdir(), 'crm-chaos-sheet-'));
  const path = join(dir, 'leads.xlsx');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('线索');
  ws.addRow(['客户名称', '手机号', '公司名称', '客户阶段', '备注']).commit();
  const stages = ['待跟进', '有效', '已邀约', '已到访'];
  const digit = String(tag.charCodeAt(0) % 10);
  for (let i = 0; i < rows; i++)
    ws.addRow([
      `导入客户${i}`,
      `16${digit}${String(i).padStart(8, '0')}`,
      `杭州导入${i % 500}科技有限公司`,
      stages[i % 4],
      '展会名单',
    ]).commit();
  ws.commit();
  await wb.commit();
  const data = readFileSync(path);
  rmSync(dir, { recursive: true, force: true });
  return data;
}
