// Scenarios of leads and customers (issue 4): create a lead, filter, open the detail drawer and step through the
// list, write a follow-up and find it in the interaction records, import a sheet with bad rows and read the report,
// export the filtered list. They run against the shared e2e server (demo organisation, admin).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';

const dir = mkdtempSync(join(tmpdir(), 'customer-e2e-'));
const stamp = String(Date.now()).slice(-6);
/** A phone number unique to this run. */
const phone = (n) => `139${stamp}${String(n).padStart(2, '0')}`;

/** Calls the API in the page with its session token. */
function apiCall(page, path, body) {
  return page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: sessionStorage.getItem('token') ?? '',
          'x-support-features': 'standard-HTTP-status',
        },
        body: JSON.stringify(body ?? {}),
      });
      return res.json();
    },
    { path, body },
  );
}

const rowsOf = (page) => page.getByTestId('clue-table').locator('tbody tr.ant-table-row');

async function openList(page, baseUrl) {
  await page.goto(`${baseUrl}/main/customerManage`);
  await rowsOf(page).first().waitFor();
}

async function search(page, keyword) {
  await page.getByTestId('filter-keyword').fill(keyword);
  await page.getByTestId('filter-search').click();
}

/** Picks an option of an antd Select by its visible text. */
async function pick(page, select, text, typeFirst = false) {
  await select.click();
  // Long lists are virtual: type into the search box so the option is rendered.
  if (typeFirst) await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

export default [
  {
    name: '新建线索并按关键词、客户阶段筛选',
    async run({ page, baseUrl, login, shot }) {
      await login();
      await openList(page, baseUrl);
      await page.getByTestId('add-clue').click();
      const dialog = page.getByRole('dialog');
      const form = dialog.getByTestId('clue-form');
      await form.locator('[data-field=name]').fill(`测试客户${stamp}`);
      await form.locator('[data-field=phone]').fill(phone(1));
      await form.locator('[data-field=company]').fill('上海星河网络科技有限公司');
      await pick(page, form.locator('.ant-form-item').filter({ hasText: '客户阶段' }).locator('.ant-select'), '已邀约');
      await pick(
        page,
        form.locator('.ant-form-item').filter({ hasText: '意向课程' }).locator('.ant-select'),
        '英语口语',
      );
      await shot('create-form');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('新建成功').waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // A required phone left empty is refused by the form, before any request.
      await page.getByTestId('add-clue').click();
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await dialog.getByText('手机号不能为空').waitFor();
      await dialog.getByRole('button', { name: /取\s*消/ }).click();

      await search(page, `测试客户${stamp}`);
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=clue-table] tbody tr.ant-table-row').length === 1,
      );
      const row = rowsOf(page).first();
      assert.match(await row.textContent(), new RegExp(phone(1)));
      assert.match(await row.textContent(), /已邀约/);

      // The phone number finds it too; a stage it does not have does not.
      await search(page, phone(1));
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=clue-table] tbody tr.ant-table-row').length === 1,
      );
      await page.getByTestId('filter-more').click();
      const stage = page.getByTestId('filter-客户阶段').locator('.ant-select');
      await pick(page, stage, '无需求', true);
      await page.keyboard.press('Escape');
      await page.getByTestId('filter-search').click();
      await page.getByTestId('clue-table').locator('.ant-empty-description').waitFor();
      await shot('filtered-empty');
      await page.getByRole('button', { name: /重\s*置/ }).click();
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=clue-table] tbody tr.ant-table-row').length >= 10,
      );
      await shot('list');

      // A selection does not outlive the rows it was made on: a search or another page drops it.
      const batch = page.getByTestId('batch-actions');
      const selectFirst = async () => {
        await rowsOf(page).first().locator('.ant-checkbox-input').check();
        await batch.filter({ hasText: '（1）' }).waitFor();
      };
      await selectFirst();
      await page.getByTestId('filter-search').click();
      await batch.filter({ hasNotText: '（' }).waitFor();
      assert.equal(await rowsOf(page).locator('.ant-checkbox-checked').count(), 0);
      await selectFirst();
      await page.locator('.ant-pagination-item-2').first().click();
      await batch.filter({ hasNotText: '（' }).waitFor();
    },
  },
  {
    name: '从列表打开详情抽屉，上一条/下一条，刷新后恢复',
    async run({ page, baseUrl, login, shot }) {
      await login();
      await openList(page, baseUrl);
      const names = await rowsOf(page).locator('[data-testid=open-clue]').allTextContents();
      assert.ok(names.length >= 3);
      await rowsOf(page).nth(1).getByTestId('open-clue').click();
      await page.waitForURL(/\/main\/Detail/);
      const drawer = page.locator('.detail-drawer');
      const name = drawer.getByTestId('detail-name');
      await name.filter({ hasText: names[1] }).waitFor();
      assert.equal(await drawer.getByTestId('detail-pos').textContent(), `2/${names.length}`);
      await shot('drawer');
      await drawer.getByTestId('detail-next').click();
      await name.filter({ hasText: names[2] }).waitFor();
      await drawer.getByTestId('detail-prev').click();
      await drawer.getByTestId('detail-prev').click();
      await name.filter({ hasText: names[0] }).waitFor();
      assert.equal(await drawer.getByTestId('detail-pos').textContent(), `1/${names.length}`);
      // The first of the page: the previous one comes from the server (none before the first row of page 1).
      await page.waitForTimeout(500);
      assert.equal(await drawer.getByTestId('detail-prev').isDisabled(), true);
      // Reload keeps the drawer on the same lead.
      await page.reload();
      await page.locator('.detail-drawer').getByTestId('detail-name').filter({ hasText: names[0] }).waitFor();
      // Closing goes back to the list.
      await page.locator('.detail-drawer .ant-drawer-close').click();
      await page.waitForURL(/\/main\/customerManage/);
      await rowsOf(page).first().waitFor();
    },
  },
  {
    name: '写跟进后出现在互动记录中，编辑后出现在字段变更记录中',
    async run({ page, baseUrl, login, shot }) {
      await login();
      const created = await apiCall(page, '/api/robot/organizationClue/add', {
        name: `跟进客户${stamp}`,
        phone: phone(2),
      });
      assert.equal(created.code, 1, created.msg);
      await openList(page, baseUrl);
      await search(page, `跟进客户${stamp}`);
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=clue-table] tbody tr.ant-table-row').length === 1,
      );
      await rowsOf(page).first().getByTestId('open-clue').click();
      const drawer = page.locator('.detail-drawer');
      const form = drawer.getByTestId('follow-form');
      await form.waitFor();
      await pick(page, form.getByTestId('follow-followWayId'), '电话');
      await pick(page, form.getByTestId('follow-followStatusId'), '有意向');
      await pick(page, form.getByTestId('follow-followPhaseId'), '需求确认');
      const text = `客户对少儿编程感兴趣，约好周六试听 ${stamp}`;
      await form.getByTestId('follow-content').fill(text);
      await form.getByTestId('follow-submit').click();
      await page.getByText('跟进记录已保存').waitFor();
      const item = drawer.getByTestId('interaction-item').filter({ hasText: text });
      await item.waitFor();
      assert.match(await item.textContent(), /电话/);
      assert.match(await item.textContent(), /有意向/);
      // The header shows the new follow-up status.
      await drawer.getByText('跟进状态：有意向').waitFor();
      await shot('interactions');

      // Edit the company: the change log records before and after.
      await drawer.getByRole('button', { name: /编\s*辑/ }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: '编辑客户' });
      await dialog.locator('[data-field=company]').fill('杭州云图教育咨询有限公司');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('保存成功').waitFor();
      await drawer.getByRole('tab', { name: '字段变更记录' }).click();
      await drawer.getByTestId('change-log').getByText('杭州云图教育咨询有限公司').waitFor();
      await shot('change-log');
    },
  },
  {
    name: '导入含错误行的表格：进度、成功/重复/无效计数、失败数据下载、导入记录',
    async run({ page, baseUrl, login, shot }) {
      await login();
      const existing = phone(3);
      const added = await apiCall(page, '/api/robot/organizationClue/add', { name: '已存在客户', phone: existing });
      assert.equal(added.code, 1, added.msg);
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('线索');
      ws.addRow(['客户姓名', '手机号码', '公司', '意向课程']);
      ws.addRow([`导入甲${stamp}`, phone(10), '成都蓝海科技有限公司', '少儿编程']);
      ws.addRow([`导入乙${stamp}`, phone(11), '', '英语口语']);
      ws.addRow([`导入丙${stamp}`, phone(12), '南京青木文化有限公司', '']);
      ws.addRow(['坏号码', '12ab', '', '']);
      ws.addRow(['没号码', '', '', '']);
      ws.addRow(['错课程', phone(13), '', '不存在的课程']);
      ws.addRow(['重复的', existing, '', '']);
      ws.addRow(['表内重复', phone(10), '', '']);
      const file = join(dir, `导入测试${stamp}.xlsx`);
      await wb.xlsx.writeFile(file);

      await page.goto(`${baseUrl}/main/import`);
      const tpl = page.waitForEvent('download');
      await page.getByTestId('download-template').click();
      assert.match((await tpl).suggestedFilename(), /\.xlsx$/);
      await page.getByTestId('import-upload').locator('input[type=file]').setInputFiles(file);
      const mapping = page.getByTestId('import-mapping');
      await mapping.waitFor();
      // Suggested by closest match: all four columns found their fields.
      assert.equal(await mapping.getByTestId('match-kind').count(), 4); // every column found its field, each saying how
      await shot('mapping');
      await page.getByTestId('import-start').click();
      const result = page.getByTestId('import-result');
      await result.getByText('导入成功').waitFor({ timeout: 30_000 });
      const stat = async (title) =>
        Number(
          await result
            .locator('.ant-statistic')
            .filter({ hasText: title })
            .locator('.ant-statistic-content-value')
            .textContent(),
        );
      assert.equal(await stat('总行数'), 8);
      assert.equal(await stat('导入成功'), 3);
      assert.equal(await stat('重复'), 2);
      assert.equal(await stat('无效'), 3);
      await shot('result');
      const dl = page.waitForEvent('download');
      await result.getByTestId('download-invalid').click();
      const download = await dl;
      const saved = join(dir, 'invalid.xlsx');
      await download.saveAs(saved);
      const back = new ExcelJS.Workbook();
      await back.xlsx.load(readFileSync(saved));
      const text = back.worksheets[0].getSheetValues().flat().map(String).join('|');
      assert.match(text, /坏号码/);
      assert.match(text, /错课程/);
      assert.match(text, /重复/);

      await page.goto(`${baseUrl}/main/importList`);
      const rec = page
        .getByTestId('import-records')
        .locator('tbody tr')
        .filter({ hasText: `导入测试${stamp}` });
      await rec.waitFor();
      assert.match(await rec.textContent(), /已完成|完成/);
      await shot('import-list');

      // The imported leads are in the list.
      await openList(page, baseUrl);
      await search(page, `导入甲${stamp}`);
      await page.getByTestId('clue-table').getByText(`导入甲${stamp}`).waitFor();
    },
  },
  {
    name: '导出筛选后的列表：后台进度与下载链接',
    async run({ page, baseUrl, login, shot }) {
      await login();
      await openList(page, baseUrl);
      await page.getByTestId('filter-type').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '客户' })
        .last()
        .click();
      await page.getByTestId('filter-search').click();
      await page.waitForTimeout(800);
      await page.getByTestId('export').click();
      const modal = page.getByTestId('export-progress');
      await modal.getByTestId('export-download').waitFor({ timeout: 30_000 });
      await shot('export-done');
      const dl = page.waitForEvent('download');
      await modal.getByTestId('export-download').click();
      const download = await dl;
      assert.match(download.suggestedFilename(), /\.xlsx$/);
      const saved = join(dir, 'export.xlsx');
      await download.saveAs(saved);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(readFileSync(saved));
      const sheet = wb.worksheets[0];
      assert.ok(sheet.rowCount > 1, 'the export has rows');
      const header = sheet.getRow(1).values.map(String).join('|');
      assert.match(header, /手机号/);
    },
  },
  {
    name: '删除到回收站并还原',
    async run({ page, baseUrl, login }) {
      await login();
      const created = await apiCall(page, '/api/robot/organizationClue/add', {
        name: `回收客户${stamp}`,
        phone: phone(4),
      });
      assert.equal(created.code, 1, created.msg);
      await openList(page, baseUrl);
      await search(page, `回收客户${stamp}`);
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=clue-table] tbody tr.ant-table-row').length === 1,
      );
      await rowsOf(page).first().getByRole('button', { name: /更多/ }).hover();
      await page.locator('.ant-dropdown:visible').getByText('删除').click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await page.getByText('已移入回收站').waitFor();
      await page.getByTestId('clue-table').locator('.ant-empty-description').waitFor();
      await page.getByTestId('open-recycle').click();
      const drawer = page.locator('.ant-drawer').filter({ hasText: '回收站' });
      const row = drawer
        .getByTestId('recycle-table')
        .locator('tbody tr')
        .filter({ hasText: `回收客户${stamp}` });
      await row.getByRole('button', { name: '还原' }).click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await page.getByText('还原成功').waitFor();
      await drawer.locator('.ant-drawer-close').click();
      await page.getByTestId('clue-table').getByText(`回收客户${stamp}`).waitFor();
    },
  },
  {
    name: '业务字段设置：新增多选与级联字段后出现在新建表单，保存后在客户资料中显示',
    async run({ page, baseUrl, login, shot }) {
      await login();
      await page.goto(`${baseUrl}/main/serviceSetup`);
      const addField = async (label, type, fill) => {
        await page.getByTestId('add-field').click();
        const dialog = page.getByRole('dialog').filter({ hasText: '新增字段' });
        await dialog.getByTestId('field-label').fill(label);
        await pick(page, dialog.locator('.ant-form-item').filter({ hasText: '字段类型' }).locator('.ant-select'), type);
        await fill(dialog);
        await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
        await page.getByText('保存成功').first().waitFor();
        await dialog.waitFor({ state: 'hidden' });
        await page.locator('.ant-table-row').filter({ hasText: label }).waitFor();
      };
      await addField(`关注点${stamp}`, '多选', async (d) => {
        await d.getByPlaceholder('选项名称').first().fill('价格');
        await d.getByRole('button', { name: '添加选项' }).click();
        await d.getByPlaceholder('选项名称').nth(1).fill('师资');
      });
      await addField(`校区${stamp}`, '级联', async (d) => {
        await d.locator('textarea').fill('上海/浦东校区\n上海/徐汇校区\n北京/海淀校区');
      });
      await shot('fields');
      await openList(page, baseUrl);
      await page.getByTestId('add-clue').click();
      const dialog = page.getByRole('dialog').filter({ hasText: '新建客户' });
      await dialog.locator('[data-field=phone]').fill(phone(5));
      await dialog.locator('[data-field=name]').fill(`字段客户${stamp}`);
      // A multiple-choice field shows as checkboxes by default (showType 5).
      // check() clicks and then verifies that the box is ticked
      const teachers = dialog
        .locator('.ant-form-item')
        .filter({ hasText: `关注点${stamp}` })
        .getByRole('checkbox', { name: '师资' });
      await teachers.check();
      await dialog
        .locator('.ant-form-item')
        .filter({ hasText: `校区${stamp}` })
        .locator('.ant-select')
        .click();
      await page.locator('.ant-cascader-menu-item').filter({ hasText: '上海' }).click();
      await page.locator('.ant-cascader-menu-item').filter({ hasText: '徐汇校区' }).click();
      assert.equal(await teachers.isChecked(), true);
      await shot('form-with-custom-fields');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('新建成功').waitFor();
      await search(page, `字段客户${stamp}`);
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=clue-table] tbody tr.ant-table-row').length === 1,
      );
      await rowsOf(page).first().getByTestId('open-clue').click();
      const drawer = page.locator('.detail-drawer');
      await drawer.getByRole('tab', { name: '客户资料' }).click();
      const fields = drawer.getByTestId('clue-fields');
      await fields.getByText('上海/徐汇校区').waitFor();
      await fields.getByText('师资').waitFor();
      await shot('detail-fields');
    },
  },
  {
    name: '坐席只看到自己的客户；号码脱敏后显示掩码且不可修改',
    async run({ page, baseUrl, login, shot }) {
      await login();
      const roles = await apiCall(page, '/api/backend/roleController/list', { pageNum: 1, pageSize: 100 });
      const seat = roles.data.lists.find((r) => r.roleSign === 'seat');
      assert.ok(seat, 'the seat role exists');
      // The admin turns masking on for the seat role in 业务字段设置 › 号码脱敏.
      await page.goto(`${baseUrl}/main/serviceSetup`);
      await page.getByRole('tab', { name: '号码脱敏' }).click();
      await page.locator('.ant-table-row').filter({ hasText: '坐席' }).getByRole('switch').click();
      await page.getByText('已开启号码脱敏').waitFor();
      const cfg = await apiCall(page, '/api/robot/maskConfig/queryMaskConfig', {});
      assert.ok(cfg.data.roles.some((r) => r.roleId === seat.id && r.masked === 1));
      try {
        await login('seat01');
        await openList(page, baseUrl);
        const owners = await rowsOf(page)
          .locator('td')
          .filter({ hasText: /^张伟$/ })
          .count();
        assert.equal(owners, await rowsOf(page).count(), 'every row belongs to the seat');
        const text = await rowsOf(page).first().textContent();
        assert.match(text, /\d{3}\*{4}\d{4}/, 'the phone is masked');
        await shot('seat-masked');
        await rowsOf(page).first().getByTestId('edit-clue').click();
        const dialog = page.getByRole('dialog').filter({ hasText: '编辑客户' });
        assert.equal(await dialog.locator('input[data-field=phone]').isDisabled(), true);
        await dialog.getByRole('button', { name: /取\s*消/ }).click();
      } finally {
        await login();
        await apiCall(page, '/api/robot/maskConfig/saveMaskConfig', { roleId: seat.id, masked: 0 });
      }
    },
  },
  {
    name: '列设置：隐藏一列并调整顺序，刷新后保持，恢复默认；读取失败时可重试',
    async run({ page, baseUrl, login, settle, shot }) {
      await login();
      await openList(page, baseUrl);
      const headers = () => page.getByTestId('clue-table').locator('thead th').allTextContents();
      assert.ok((await headers()).includes('公司名称'));
      await page.getByTestId('column-settings').click();
      const modal = page.getByRole('dialog').filter({ hasText: '列表字段设置' });
      const item = (label) => modal.locator('.ant-list-item').filter({ hasText: label });
      const labels = () => modal.locator('.ant-list-item .ant-checkbox-wrapper').allTextContents();
      await item('公司名称').waitFor();
      await settle();
      await item('公司名称').getByRole('checkbox').uncheck();
      // Move 跟进人 up two places (past the hidden 公司名称): before 手机号.
      const before = await labels();
      const up = item('跟进人').getByRole('button', { name: '上移' });
      await up.click();
      await up.click();
      const moved = await labels();
      assert.equal(moved.indexOf('跟进人'), before.indexOf('跟进人') - 2, moved.join(','));
      assert.equal(await item('公司名称').getByRole('checkbox').isChecked(), false);
      await modal.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('保存成功').waitFor();
      await page.reload();
      await rowsOf(page).first().waitFor();
      const after = (await headers()).filter(Boolean);
      assert.ok(!after.includes('公司名称'));
      assert.ok(after.indexOf('跟进人') < after.indexOf('手机号'), after.join(','));
      await page.getByTestId('column-settings').click();
      await modal.locator('.ant-list-item').first().waitFor();
      // 恢复默认 asks first: cancelling keeps the user's columns.
      await modal.getByRole('button', { name: '恢复默认' }).click();
      const confirm = page.locator('.ant-popconfirm').filter({ hasText: '确定恢复默认的列表字段吗？' });
      await confirm.getByRole('button', { name: /取\s*消/ }).click();
      await confirm.waitFor({ state: 'hidden' });
      assert.equal(await item('公司名称').getByRole('checkbox').isChecked(), false);
      await modal.getByRole('button', { name: '恢复默认' }).click();
      await shot('columns-reset-confirm');
      await confirm.getByRole('button', { name: '恢复默认' }).click();
      await page.getByText('已恢复默认').waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid=clue-table] thead th')].some((th) => th.textContent === '公司名称'),
      );
      // When the columns cannot be read the list says so and offers a retry, instead of an empty 暂无数据.
      await page.route('**/getClueUserCustomByType', (r) => r.fulfill({ status: 500, body: '' }));
      await page.reload();
      await page.getByText('列表字段加载失败，无法显示数据').waitFor();
      await shot('columns-failed');
      await page.unroute('**/getClueUserCustomByType');
      await page
        .getByTestId('clue-table')
        .getByRole('button', { name: /重\s*试/ })
        .click();
      await rowsOf(page).first().waitFor();
    },
  },
];
