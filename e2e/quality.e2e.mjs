// Scenarios of quality inspection (/main/staffCheck): an administrator writes a forbidden-word list and a regex rule
// (a pattern that does not compile is refused on its field), uploads a call with its transcript on the recording
// page, and once it is analysed finds the hit in 命中记录 with its sentence and counts, and the violation in the call's
// AI panel.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { itemOf, quietFlac, scratchDir, uploadOnRecordingPage, waitAnalysed } from './lib/calls.mjs';

const dir = scratchDir();

const LIST = '考试承诺违禁词';
const RULE = '引导加私人微信';
/** The agent's sentence with the forbidden word, and when it is said. */
const PROMISE = '报我们的冲刺班您放心，包过，一次拿证';
const PROMISE_AT_MS = 4200;

export default [
  {
    name: '违禁词库与正则规则：新建、错误正则提示；上传通话后命中记录显示原句与次数，通话 AI 面板列出违规',
    async run({ page, baseUrl, login, shot, settle }) {
      await login();
      await page.goto(`${baseUrl}/main/staffCheck`);
      // the tabs; AI 质检 opens with its header figures
      for (const name of ['AI 质检', '违禁词', 'SOP 规则', '正则规则'])
        await page.getByRole('tab', { name, exact: true }).waitFor();
      await page.getByRole('tab', { name: 'AI 质检', exact: true }).click();
      await page.getByTestId('check-head').getByText('已质检通话').waitFor();
      await shot('check-tab');
      await page.getByRole('tab', { name: '违禁词', exact: true }).click();
      // the demo organisation's list is there
      await page.getByRole('cell', { name: '招生违规承诺', exact: true }).waitFor();

      // a new list: empty words refused, then 包过 and 内部名额, whole words, said by the agent
      await page.getByTestId('add-word-list').click();
      const dialog = page.getByRole('dialog').filter({ hasText: '新增违禁词库' });
      await dialog.getByLabel('词库名称').fill(LIST);
      await settle();
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await itemOf(dialog, '违禁词')
        .locator('.ant-form-item-explain-error')
        .filter({ hasText: '请输入违禁词' })
        .waitFor();
      await dialog.getByLabel('违禁词').fill('包过，内部名额\n包过');
      await dialog.getByTestId('word-count').filter({ hasText: '已输入 2 个' }).waitFor();
      await dialog.getByText('整词匹配', { exact: true }).click();
      await dialog.getByText('销售', { exact: true }).click();
      await shot('word-list-form');
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await dialog.waitFor({ state: 'detached' });
      const listRow = page.locator('tbody tr.ant-table-row').filter({ hasText: LIST });
      await listRow.getByText('内部名额', { exact: true }).waitFor();
      await listRow.getByText('整词匹配').waitFor();
      await shot('word-lists');

      // a regex rule: a pattern that does not compile shows its error in the try-out and, refused, on its field
      await page.getByRole('tab', { name: '正则规则', exact: true }).click();
      await page.getByTestId('add-regex').click();
      const regex = page.getByRole('dialog').filter({ hasText: '新增正则规则' });
      await regex.getByLabel('规则名称').fill(RULE);
      await regex.getByTestId('regex-pattern').fill('加我(微信');
      await regex.getByTestId('regex-sample').fill('有问题您加我微信聊');
      await regex
        .getByTestId('regex-try-result')
        .getByText(/正则表达式无法编译/)
        .waitFor();
      await settle();
      await regex.getByRole('button', { name: /确\s*定/ }).click();
      const patternError = itemOf(regex, '正则表达式').locator('.ant-form-item-explain-error');
      await patternError.filter({ hasText: '正则表达式无法编译' }).waitFor();
      await shot('regex-bad-pattern');
      await regex.getByTestId('regex-pattern').fill('加我?(微信|VX)');
      await regex.getByTestId('regex-try-result').getByText('命中 1 处').waitFor();
      await shot('regex-try-out');
      await regex.getByRole('button', { name: /确\s*定/ }).click();
      await regex.waitFor({ state: 'detached' });
      await page
        .locator('tbody tr.ant-table-row')
        .filter({ hasText: RULE })
        .getByTestId('regex-cell')
        .filter({ hasText: '/加我?(微信|VX)/' })
        .waitFor();
      await shot('regex-rules');

      // a call whose agent promises 包过, uploaded on the recording page with its transcript (same-named .json)
      const audio = quietFlac('冲刺班回访.flac', 12);
      const transcript = join(dir, '冲刺班回访.json');
      writeFileSync(
        transcript,
        JSON.stringify({
          durationMs: 12000,
          segments: [
            { speaker: 'agent', startMs: 0, endMs: 3800, text: '您好，我是星辰教育的课程顾问，想跟您聊聊考证的事' },
            { speaker: 'customer', startMs: 3900, endMs: 4100, text: '你说' },
            { speaker: 'agent', startMs: PROMISE_AT_MS, endMs: 8000, text: PROMISE },
            { speaker: 'agent', startMs: 8200, endMs: 11000, text: '有问题您加我微信聊' },
          ],
        }),
      );
      const found = await uploadOnRecordingPage(page, baseUrl, [audio, transcript], '冲刺班回访');
      const id = found.id;
      const analysed = await waitAnalysed(page, id);
      assert.ok(
        analysed.effective.violations.some((v) => v.rule === LIST && v.text.includes('包过')),
        `the list's hit is a violation: ${JSON.stringify(analysed.effective.violations)}`,
      );

      // 命中记录: the list's hit with its sentence; the counts say 1
      await page.goto(`${baseUrl}/main/staffCheck?tab=prohibition`);
      await page.getByRole('tab', { name: '命中记录' }).click();
      const hits = page.getByTestId('hits-view');
      const counts = hits.getByTestId('hit-counts');
      await counts
        .locator(`[data-testid=count-by-rule][data-name="${LIST}"]`)
        .getByTestId('count')
        .filter({ hasText: /^1$/ })
        .waitFor();
      await counts
        .locator(`[data-testid=count-by-rule][data-name="${RULE}"]`)
        .getByTestId('count')
        .filter({ hasText: /^1$/ })
        .waitFor();
      const hitRows = hits.getByTestId('hit-table').locator('tbody tr.ant-table-row');
      await hitRows.filter({ hasText: LIST }).getByTestId('hit-sentence').filter({ hasText: PROMISE }).waitFor();
      await shot('hits');
      // filtered by the list: only its hit, counted once
      await hits.getByTestId('hit-filter-rule').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: LIST }).click();
      await hits.getByRole('button', { name: /查\s*询/ }).click();
      await counts
        .getByTestId('hit-total')
        .filter({ hasText: /^命中次数1$/ })
        .waitFor();
      await counts
        .locator('[data-testid=count-by-word][data-name="包过"]')
        .getByTestId('count')
        .filter({ hasText: /^1$/ })
        .waitFor();
      await hitRows.filter({ hasText: RULE }).waitFor({ state: 'detached' });
      assert.equal(await hitRows.count(), 1);
      // and by call date, a preset: the call of today is still there
      await hits.locator('.ant-picker').click();
      await page.locator('.ant-picker-presets:visible').getByText('今天', { exact: true }).click();
      await hits.getByRole('button', { name: /查\s*询/ }).click();
      await counts
        .getByTestId('hit-total')
        .filter({ hasText: /^命中次数1$/ })
        .waitFor();
      assert.equal(await hitRows.count(), 1);
      const row = hitRows.first();
      await row.getByText('00:04').waitFor();
      await row.locator('mark').filter({ hasText: '包过' }).waitFor();
      assert.equal(await row.getByTestId('hit-call').getAttribute('href'), `/callDetail?id=${id}`);
      await shot('hits-filtered');

      // the call's AI panel lists the violation
      await page.goto(`${baseUrl}/callDetail?id=${id}`);
      const violations = page.getByTestId('ai-panel').getByTestId('ai-violations');
      await violations.getByText(`【${LIST}】`, { exact: false }).first().waitFor();
      await violations.getByText(`【${RULE}】`, { exact: false }).first().waitFor();
      await shot('call-violations');
    },
  },
];
