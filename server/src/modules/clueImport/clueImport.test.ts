import { contract } from '@crm/core/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { gbk } from '../../test/gbk';
import { type TestOrg, useTestApp } from '../../test/harness';
import { suggestMapping } from './service';

const R = '/api/robot';

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function readXlsx(buf: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as never);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) =>
    out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return out;
}

function multipart(fileName: string, content: Buffer) {
  const boundary = `----crm${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${encodeURIComponent(fileName)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return { boundary, body: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]) };
}

// Imports and exports run as queued jobs (polled every second): on a loaded CI machine one can take longer than the
// default 30 s test timeout, which the wait below alone used to fill.
describe('clueImport: spreadsheet import and export', { timeout: 90_000 }, () => {
  const t = useTestApp();

  const upload = async (org: TestOrg, fileName: string, content: Buffer, token = org.admin.token) => {
    const { boundary, body } = multipart(fileName, content);
    const res = await t().built.app.inject({
      method: 'POST',
      url: `${R}/clueImport/upload`,
      payload: body,
      headers: {
        authorization: token,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-support-features': 'standard-HTTP-status',
      },
    });
    return { status: res.statusCode, ...res.json() };
  };
  const waitDone = async (org: TestOrg, recordId: number) => {
    for (let i = 0; i < 300; i++) {
      const res = await t().call(contract.clueImport.record, { recordId }, { token: org.admin.token });
      if (res.data.status >= 2) return res.data;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('job did not finish');
  };
  const download = async (url: string, token: string) => {
    const res = await t().built.app.inject({ method: 'GET', url, headers: { authorization: token } });
    return res;
  };

  it('suggests a field for each header by closest match', () => {
    const fields = [
      { fieldName: 'name', fieldLabel: '客户名称' },
      { fieldName: 'phone', fieldLabel: '手机号' },
      { fieldName: 'company', fieldLabel: '公司名称' },
      { fieldName: 'cf_1', fieldLabel: '意向课程' },
    ];
    expect(suggestMapping(['*手机号码', '姓名', '公司', '意向的课程', '随便什么'], fields)).toEqual({
      '0': 'phone',
      '1': 'name',
      '2': 'company',
      '3': 'cf_1',
    });
  });

  it('预算（元） goes to the custom field 预算 (said how), bad numbers are reported per row, an unstarted upload is no record', async () => {
    const org = await t().newOrg();
    const tok = { token: org.admin.token };
    const budget = await t().call(contract.clueField.fields.add, { fieldLabel: '预算', fieldType: 1 }, tok);
    expect(budget.code, budget.msg).toBe(1);
    const file = await xlsx([
      ['手机号', '预算（元）', '客户名字'],
      ['1380013800', '5000', '十位'],
      ['1380013', '6000', '七位'],
      ['010-12345678', '7000', '座机'],
      ['400-800-1234', '8000', '四百'],
      ['13800138077', '9000', '手机'],
    ]);
    const abandoned = await upload(org, '放弃的.xlsx', file);
    expect(abandoned.code, abandoned.msg).toBe(1);
    const up = await upload(org, '预算.xlsx', file);
    expect(up.data.mapping).toEqual({ '0': 'phone', '1': budget.data.fieldName, '2': 'name' });
    expect(up.data.matchKind).toEqual({ '0': 1, '1': 2, '2': 3 });
    // neither upload is a record before it is started
    let recs = await t().call(contract.clueImport.records, { pageNum: 1, pageSize: 10 }, tok);
    expect(recs.data.total).toBe(0);
    const started = await t().call(
      contract.clueImport.start,
      { recordId: up.data.recordId, mapping: up.data.mapping, importWay: 1 },
      tok,
    );
    expect(started.code, started.msg).toBe(1);
    const rec = await waitDone(org, up.data.recordId);
    expect(rec).toMatchObject({ total: 5, imported: 3, invalid: 2 });
    const inv = await download(`${R}/clueImportRecords/downloadInvalid?recordId=${up.data.recordId}`, org.admin.token);
    const reasons = (await readXlsx(inv.rawPayload)).slice(1).map((r) => r.at(-1));
    expect(reasons).toEqual([
      '手机号“1380013800”应为 11 位数字（现为 10 位）',
      '手机号“1380013”应为 11 位数字（现为 7 位）',
    ]);
    recs = await t().call(contract.clueImport.records, { pageNum: 1, pageSize: 10 }, tok);
    expect(recs.data.lists.map((r: any) => r.id)).toEqual([up.data.recordId]);
    const list = await t().call(
      contract.clue.list,
      { pageNum: 1, pageSize: 10, importRecordId: up.data.recordId },
      tok,
    );
    expect(list.data.lists.map((c: any) => c.phone).sort()).toEqual(['01012345678', '13800138077', '4008001234']);
  });

  it("downloads a template built from the organisation's fields", async () => {
    const org = await t().newOrg();
    await t().call(
      contract.clueField.fields.add,
      { fieldLabel: '意向课程', fieldType: 6, isRequired: 1, groupList: [{ fieldLabel: '编程' }] },
      { token: org.admin.token },
    );
    const res = await download(`${R}/clueImport/downloadTemplate`, org.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toContain('*手机号');
    expect(rows[0]).toContain('*意向课程');
    const seat = await download(`${R}/clueImport/downloadTemplate`, org.seat.token);
    expect(seat.statusCode).toBe(200);
    expect(seat.json().code).toBe(403);
    const none = await download(`${R}/clueImport/downloadTemplate`, '');
    expect(none.json().code).toBe(10);
  });

  it('imports an .xlsx: valid rows written, bad rows reported with reasons, re-run creates no duplicates', async () => {
    const org = await t().newOrg();
    const tok = { token: org.admin.token };
    const f = await t().call(
      contract.clueField.fields.add,
      { fieldLabel: '意向课程', fieldType: 6, groupList: [{ fieldLabel: '少儿编程' }, { fieldLabel: '英语' }] },
      tok,
    );
    await t()
      .call(contract.clueField.tagGroups.add, { name: '意向' }, tok)
      .then((g) => t().call(contract.clueField.tags.add, { groupId: g.data.id, name: '高意向' }, tok));
    await t().call(contract.clue.add, { phone: '13800000099', name: '已存在' }, tok);
    const file = await xlsx([
      ['客户名称', '手机号', '公司', '意向课程', '标签', '所在地区', '跟进人'],
      ['张三', '13800000001', '杭州星辰', '少儿编程', '高意向', '浙江省/杭州市/西湖区', '坐席甲'],
      ['李四', 13800000002, '', '英语', '', '', ''],
      ['王五', '12345', '', '', '', '', ''],
      ['赵六', '13800000004', '', '数学', '', '', ''],
      ['重复', '13800000099', '', '', '', '', ''],
      ['同文件重复', '13800000001', '', '', '', '', ''],
      ['', '', '', '', '', '', ''],
      ['孙七', '13800000007', '', '', '不存在的标签', '火星', '不存在的人'],
    ]);
    const up = await upload(org, '客户名单.xlsx', file);
    expect(up.code, up.msg).toBe(1);
    expect(up.data.headers[0]).toBe('客户名称');
    expect(up.data.mapping).toMatchObject({
      '0': 'name',
      '1': 'phone',
      '2': 'company',
      '3': f.data.fieldName,
      '4': 'tagIds',
      '5': 'area',
      '6': 'ownerId',
    });
    let res = await t().call(contract.clueImport.start, { recordId: up.data.recordId, mapping: { '0': 'name' } }, tok);
    expect(res.status).toBe(400);
    expect(res.msg).toContain('请为手机号选择对应的列');
    const other = await t().newOrg();
    res = await t().call(
      contract.clueImport.start,
      { recordId: up.data.recordId, mapping: up.data.mapping },
      { token: other.admin.token },
    );
    expect(res.status).toBe(404);
    res = await t().call(
      contract.clueImport.start,
      { recordId: up.data.recordId, mapping: up.data.mapping, importWay: 1 },
      tok,
    );
    expect(res.code, res.msg).toBe(1);
    const rec = await waitDone(org, up.data.recordId);
    expect(rec.status, rec.error).toBe(2);
    expect(rec).toMatchObject({ total: 7, imported: 2, duplicate: 2, invalid: 3, progress: 100, hasInvalidFile: 1 });
    const cnt = await t().call(contract.clueImport.invalidCount, { recordId: up.data.recordId }, tok);
    expect(cnt.data).toMatchObject({ importedCount: 2, duplicateCount: 2, invalidCount: 3 });
    const inv = await download(`${R}/clueImportRecords/downloadInvalid?recordId=${up.data.recordId}`, org.admin.token);
    expect(inv.statusCode).toBe(200);
    const rows = await readXlsx(inv.rawPayload);
    expect(rows[0].at(-1)).toBe('失败原因');
    const reasons = rows.slice(1).map((r) => r.at(-1));
    expect(reasons).toEqual(
      expect.arrayContaining([
        '手机号“12345”应为 11 位数字（现为 5 位）',
        '意向课程的选项“数学”不存在',
        '重复数据（手机号重复）',
        expect.stringContaining('标签“不存在的标签”不存在'),
      ]),
    );
    expect(reasons.find((r) => r?.includes('火星'))).toContain('所在地区“火星”不存在');
    const list = await t().call(
      contract.clue.list,
      { pageNum: 1, pageSize: 10, importRecordId: up.data.recordId },
      tok,
    );
    const zs = list.data.lists.find((c: any) => c.name === '张三');
    expect(zs).toMatchObject({
      ownerName: '坐席甲',
      areaName: '浙江省/杭州市/西湖区',
      tagNames: ['高意向'],
      importWay: 1,
      importWayName: '模板导入',
    });
    expect(zs!.customText[f.data.fieldName]).toBe('少儿编程');
    expect(list.data.lists.find((c: any) => c.name === '李四')!.ownerId).toBe(org.admin.userId);

    // the same file again: nothing new
    const up2 = await upload(org, '客户名单.xlsx', file);
    await t().call(contract.clueImport.start, { recordId: up2.data.recordId, mapping: up2.data.mapping }, tok);
    const rec2 = await waitDone(org, up2.data.recordId);
    expect(rec2).toMatchObject({ imported: 0, duplicate: 4, invalid: 3 });
    const again = await t().call(
      contract.clueImport.start,
      { recordId: up2.data.recordId, mapping: up2.data.mapping },
      tok,
    );
    expect(again.msg).toBe('该文件已开始导入');
    const records = await t().call(contract.clueImport.records, { pageNum: 1, pageSize: 10 }, tok);
    expect(records.data.total).toBe(2);
    expect(records.data.lists[0].userName).toBe('管理员');
    const seatRecords = await t().call(
      contract.clueImport.records,
      { pageNum: 1, pageSize: 10 },
      { token: other.admin.token },
    );
    expect(seatRecords.data.total).toBe(0);
  });

  it('imports a .csv into the public sea or to an owner, and refuses other files', async () => {
    const org = await t().newOrg();
    const csv = Buffer.from(
      '\ufeff姓名,电话,备注\n"钱八","13900000001","说了""你好""，\n下周联系"\n孙九,13900000002,\n',
    );
    const up = await upload(org, 'leads.csv', csv);
    expect(up.code, up.msg).toBe(1);
    expect(up.data.mapping).toEqual({ '0': 'name', '1': 'phone', '2': 'remark' });
    const res = await t().call(
      contract.clueImport.start,
      { recordId: up.data.recordId, mapping: up.data.mapping, ownerId: org.seat.userId, clueType: 2 },
      { token: org.admin.token },
    );
    expect(res.code, res.msg).toBe(1);
    const rec = await waitDone(org, up.data.recordId);
    expect(rec).toMatchObject({ status: 2, imported: 2, invalid: 0 });
    const l = await t().call(contract.clue.list, { pageNum: 1, pageSize: 10 }, { token: org.seat.token });
    expect(l.data.lists.map((c: any) => c.name).sort()).toEqual(['孙九', '钱八']);
    expect(l.data.lists.find((c: any) => c.name === '钱八')!.remark).toBe('说了"你好"，\n下周联系');
    expect(l.data.lists[0].type).toBe(2);
    const bad = await upload(org, 'a.txt', Buffer.from('x'));
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('只支持 .xlsx 或 .csv');
    const seat = await upload(org, 'leads.csv', csv, org.seat.token);
    expect(seat.status).toBe(403);
  });

  it('imports a GBK-encoded .csv as Excel on a Chinese Windows saves it', async () => {
    const org = await t().newOrg();
    const up = await upload(org, '名单.csv', gbk('姓名,电话,公司名称\r\n周芳,13900000011,杭州星辰科技有限公司\r\n'));
    expect(up.code, up.msg).toBe(1);
    expect(up.data.headers).toEqual(['姓名', '电话', '公司名称']);
    expect(up.data.mapping).toEqual({ '0': 'name', '1': 'phone', '2': 'company' });
    const res = await t().call(
      contract.clueImport.start,
      { recordId: up.data.recordId, mapping: up.data.mapping, ownerId: org.seat.userId },
      { token: org.admin.token },
    );
    expect(res.code, res.msg).toBe(1);
    expect(await waitDone(org, up.data.recordId)).toMatchObject({ status: 2, imported: 1, invalid: 0 });
    const l = await t().call(contract.clue.list, { pageNum: 1, pageSize: 10 }, { token: org.seat.token });
    expect(l.data.lists.map((c: any) => [c.name, c.company])).toEqual([['周芳', '杭州星辰科技有限公司']]);
  });

  it('start is claimed once; a retried import job neither doubles the leads nor reports them as duplicates', async () => {
    const org = await t().newOrg();
    const csv = Buffer.from('姓名,手机号\n陈一,13900000021\n陈二,13900000022\n陈三,13900000023\n');
    const up = await upload(org, '重试.csv', csv);
    expect(up.code, up.msg).toBe(1);
    const body = { recordId: up.data.recordId, mapping: up.data.mapping, ownerId: org.seat.userId };
    const starts = await Promise.all(
      [1, 2, 3].map(() => t().call(contract.clueImport.start, body, { token: org.admin.token })),
    );
    expect(starts.map((r) => r.code).sort()).toEqual([1, 400, 400]);
    expect(starts.find((r) => r.code === 400)?.msg).toBe('该文件已开始导入');
    expect(await waitDone(org, up.data.recordId)).toMatchObject({ status: 2, imported: 3, duplicate: 0 });
    // the worker died after writing: pg-boss runs the job again on a record still 进行中
    const { clueImportRecord } = await import('./schema');
    const { eq } = await import('drizzle-orm');
    await t().database.db.update(clueImportRecord).set({ status: 1 }).where(eq(clueImportRecord.id, up.data.recordId));
    await t().ctx.services.clueImport.runImport(up.data.recordId);
    expect(await waitDone(org, up.data.recordId)).toMatchObject({ status: 2, imported: 3, duplicate: 0, invalid: 0 });
    const l = await t().call(contract.clue.list, { pageNum: 1, pageSize: 10 }, { token: org.seat.token });
    expect(l.data.total).toBe(3);
  });

  it('exports the filtered list in the background with a download link', async () => {
    const org = await t().newOrg();
    for (const [n, p] of [
      ['周一', '13500000001'],
      ['吴二', '13500000002'],
    ])
      await t().call(contract.clue.add, { name: n, phone: p }, { token: org.seat.token });
    await t().call(contract.clue.add, { name: '郑三', phone: '13500000003' }, { token: org.otherSeat.token });
    const res = await t().call(contract.clueImport.export, { keyword: '1350000' }, { token: org.manager.token });
    expect(res.code, res.msg).toBe(1);
    const rec = await waitDone(org, res.data.recordId);
    expect(rec).toMatchObject({ status: 2, total: 2, progress: 100 });
    const file = await download(
      `${R}/organizationClue/exportDownload?recordId=${res.data.recordId}`,
      org.manager.token,
    );
    expect(file.statusCode).toBe(200);
    const rows = await readXlsx(file.rawPayload);
    expect(rows[0].slice(0, 2)).toEqual(['客户名称', '手机号']);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['吴二', '周一']);
    const seat = await t().call(contract.clueImport.export, {}, { token: org.seat.token });
    expect(seat.status).toBe(403);
    const other = await t().newOrg();
    const foreign = await download(
      `${R}/organizationClue/exportDownload?recordId=${res.data.recordId}`,
      other.admin.token,
    );
    expect(foreign.json().code).toBe(404);
    const list = await t().call(
      contract.clueImport.records,
      { pageNum: 1, pageSize: 10, kind: 2 },
      { token: org.manager.token },
    );
    expect(list.data.lists[0].fileName).toMatch(/^客户导出_\d{12}\.xlsx$/);
  });

  it('imports date cells as Excel, WPS or openpyxl save them, and Excel date serials in date columns', async () => {
    const org = await t().newOrg();
    const tok = { token: org.admin.token };
    const f = await t().call(contract.clueField.fields.add, { fieldLabel: '入学日期', fieldType: 4 }, tok);
    expect(f.code, f.msg).toBe(1);
    const header = ['客户名称', '手机号', '生日', '下次跟进时间', '入学日期'];
    const importFile = async (name: string, content: Buffer) => {
      const up = await upload(org, name, content);
      expect(up.code, up.msg).toBe(1);
      expect(up.data.mapping).toMatchObject({ '2': 'birthday', '3': 'nextFollowTime', '4': f.data.fieldName });
      const res = await t().call(
        contract.clueImport.start,
        { recordId: up.data.recordId, mapping: up.data.mapping },
        tok,
      );
      expect(res.code, res.msg).toBe(1);
      const rec = await waitDone(org, up.data.recordId);
      const l = await t().call(contract.clue.list, { pageNum: 1, pageSize: 10, importRecordId: up.data.recordId }, tok);
      const stored = Object.fromEntries(
        l.data.lists.map((c: any) => [c.name, [c.birthday, c.nextFollowTime, c.custom[f.data.fieldName]]]),
      );
      return { rec, stored, recordId: up.data.recordId };
    };

    // real date cells: numbers with a date number format (exceljs writes a Date so)
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow(header);
    const dated = ws.addRow([
      '日期甲',
      '13700000001',
      new Date(Date.UTC(1990, 4, 1)),
      new Date(Date.UTC(2025, 0, 31, 10, 0)),
      new Date(Date.UTC(2024, 8, 1)),
    ]);
    dated.getCell(3).numFmt = 'yyyy-mm-dd';
    dated.getCell(4).numFmt = 'yyyy/m/d h:mm';
    dated.getCell(5).numFmt = 'yyyy"年"m"月"d"日"';
    ws.addRow(['日期乙', '13700000002', '1990/5/2', '2025-01-31 10:30', '2024年9月2日']);
    ws.addRow(['日期丙', '13700000003', '不是日期', '', '']);
    const a = await importFile('日期.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(a.rec).toMatchObject({ status: 2, imported: 2, invalid: 1 });
    expect(a.stored).toEqual({
      日期甲: ['1990-05-01', '2025-01-31 10:00:00', '2024-09-01'],
      日期乙: ['1990-05-02', '2025-01-31 10:30:00', '2024-09-02'],
    });
    const inv = await download(`${R}/clueImportRecords/downloadInvalid?recordId=${a.recordId}`, org.admin.token);
    expect((await readXlsx(inv.rawPayload))[1].at(-1)).toBe('生日“不是日期”日期格式不正确');

    // plain numbers (serials: days since 1899-12-30) in date columns
    const b = await importFile(
      '序列.xlsx',
      await xlsx([header, ['序列甲', '13700000011', 32994, 45688.4375, 45536], ['序列乙', '13700000012', -3, '', '']]),
    );
    expect(b.rec).toMatchObject({ status: 2, imported: 1, invalid: 1 });
    expect(b.stored).toEqual({ 序列甲: ['1990-05-01', '2025-01-31 10:30:00', '2024-09-01'] });
  });

  it('exports text that a spreadsheet would take for a formula as text with a leading quote', async () => {
    const org = await t().newOrg();
    const tok = { token: org.admin.token };
    const name = '=HYPERLINK("http://x","y")';
    const added = await t().call(contract.clue.add, { name, phone: '+86 138 0013 8017', remark: '@cmd' }, tok);
    expect(added.code, added.msg).toBe(1);
    const res = await t().call(contract.clueImport.export, {}, tok);
    expect(res.code, res.msg).toBe(1);
    expect(await waitDone(org, res.data.recordId)).toMatchObject({ status: 2, total: 1 });
    const file = await download(`${R}/organizationClue/exportDownload?recordId=${res.data.recordId}`, org.admin.token);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    const ws = wb.worksheets[0];
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    const cell = (label: string) => ws.getRow(2).getCell(headers.indexOf(label) + 1);
    expect(cell('客户名称').type).toBe(ExcelJS.ValueType.String);
    expect(cell('客户名称').value).toBe(`'${name}`);
    expect(cell('备注').value).toBe("'@cmd");
    expect(cell('手机号').value).toBe('13800138017');

    // the rejected rows of an import are written back the same way
    const up = await upload(org, 'bad.csv', Buffer.from('姓名,电话\n=1+1,123\n'));
    await t().call(contract.clueImport.start, { recordId: up.data.recordId, mapping: up.data.mapping }, tok);
    expect(await waitDone(org, up.data.recordId)).toMatchObject({ status: 2, invalid: 1 });
    const inv = await download(`${R}/clueImportRecords/downloadInvalid?recordId=${up.data.recordId}`, org.admin.token);
    expect((await readXlsx(inv.rawPayload))[1].slice(0, 2)).toEqual(['2', "'=1+1"]);
  });

  it("refuses another organisation's import records and files", async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const up = await upload(org, 'leads.csv', Buffer.from('姓名,电话\n周一,13900000101\n坏号,123\n'));
    expect(up.code, up.msg).toBe(1);
    const recordId = up.data.recordId;
    const start = await t().call(
      contract.clueImport.start,
      { recordId, mapping: up.data.mapping },
      { token: org.admin.token },
    );
    expect(start.code, start.msg).toBe(1);
    expect(await waitDone(org, recordId)).toMatchObject({ status: 2, imported: 1, invalid: 1, hasInvalidFile: 1 });
    const foreign = { token: other.admin.token };
    for (const path of ['/importRecords/detail', '/clueImportRecords/getInvalidClueCount']) {
      const res = await t().post(`${R}${path}`, { recordId }, foreign);
      expect(`${path} ${res.status} ${res.msg}`).toMatch(new RegExp(`^${path} 404 `));
      expect(res.data ?? null).toBeNull();
    }
    const file = await download(`${R}/clueImportRecords/downloadInvalid?recordId=${recordId}`, other.admin.token);
    expect(file.json().code).toBe(404);
    const mine = await download(`${R}/clueImportRecords/downloadInvalid?recordId=${recordId}`, org.admin.token);
    expect(mine.statusCode).toBe(200);
    const count = await t().call(contract.clueImport.invalidCount, { recordId }, { token: org.admin.token });
    expect(count.data).toMatchObject({ recordId, importedCount: 1, invalidCount: 1 });
  });

  it('validation: a missing required field is named in the message', async () => {
    const org = await t().newOrg();
    const cases: [string, object, string][] = [
      ['/clueImport/start', { mapping: {} }, '必须是数字'],
      ['/clueImport/start', { recordId: 1 }, '请设置列与字段的对应'],
      ['/importRecords/detail', {}, '必须是数字'],
      ['/clueImportRecords/getInvalidClueCount', {}, '必须是数字'],
    ];
    for (const [path, body, msg] of cases) {
      const res = await t().post(`${R}${path}`, body, { token: org.admin.token });
      expect(`${path} ${res.status}`).toBe(`${path} 400`);
      expect(res.msg, path).toContain(msg);
    }
    for (const path of ['/clueImportRecords/downloadInvalid', '/organizationClue/exportDownload']) {
      const res = await t().get(`${R}${path}`, { token: org.admin.token });
      expect(`${path} ${res.status}`).toBe(`${path} 400`);
      expect(res.msg, path).toContain('');
    }
  });

  it('no session: code 10 for every call', async () => {
    for (const [method, path] of [
      ['GET', '/clueImport/downloadTemplate'],
      ['POST', '/clueImport/upload'],
      ['POST', '/clueImport/start'],
      ['POST', '/importRecords/list'],
      ['POST', '/importRecords/detail'],
      ['POST', '/clueImportRecords/getInvalidClueCount'],
      ['GET', '/clueImportRecords/downloadInvalid?recordId=1'],
      ['POST', '/organizationClue/export'],
      ['GET', '/organizationClue/exportDownload?recordId=1'],
    ]) {
      const res = await t().request(method, `${R}${path}`, method === 'POST' ? {} : undefined);
      expect(`${path} ${res.status} ${res.code}`).toBe(`${path} 401 10`);
    }
  });
  it("start refuses another organisation's owner, channel source and tags; nothing is imported", async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const foreign = { token: other.admin.token };
    const channel = await t().call(contract.clueField.dicts.channelSource.add, { name: '别家渠道' }, foreign);
    const group = await t().call(contract.clueField.tagGroups.add, { name: '别家标签组' }, foreign);
    const tag = await t().call(contract.clueField.tags.add, { groupId: group.data.id, name: '别家标签' }, foreign);
    const up = await upload(org, 'leads.csv', Buffer.from('姓名,电话\n吴十,13900000201\n'));
    expect(up.code, up.msg).toBe(1);
    for (const extra of [
      { ownerId: other.seat.userId },
      { channelSourceId: channel.data.id },
      { tagIds: [tag.data.id] },
    ]) {
      const res = await t().call(
        contract.clueImport.start,
        { recordId: up.data.recordId, mapping: up.data.mapping, ...extra },
        { token: org.admin.token },
      );
      expect.soft(`${Object.keys(extra)[0]} ${res.code}`).toMatch(/^\S+ (400|403|404)$/);
    }
    const detail = await t().call(
      contract.clueImport.record,
      { recordId: up.data.recordId },
      { token: org.admin.token },
    );
    expect(detail.data.status).toBe(0);
    const l = await t().call(contract.clue.list, { pageNum: 1, pageSize: 10 }, { token: org.admin.token });
    expect(l.data.total).toBe(0);
  });
});
