// Scenario of SOP rules (/main/staffCheck → SOP 规则): an administrator writes a three-item sales script (an empty
// item and a pattern that does not compile are refused in the browser), uploads a call with its transcript on the
// recording page in which the agent introduces himself and confirms the identity but never agrees a follow-up, and
// once it is analysed sees in the call's AI panel (SOP) the two items covered with their sentences and the third
// missed; a covered item's sentence opens in the transcript.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { itemOf, quietFlac, scratchDir, uploadOnRecordingPage, waitAnalysed } from './lib/calls.mjs';

const dir = scratchDir();

const RULE = '电话销售三步';
const INTRO = '您好，我是星辰教育的课程顾问小王';
const IDENTITY = '请问是李女士吗';
const IDENTITY_AT_MS = 4000;
const ITEMS = [
  ['自我介绍', ['我是', '这边是']],
  ['确认身份', ['请问是', '您是']],
  ['约定跟进', ['明天', '加您微信']],
];

const errorOf = (scope, label) => itemOf(scope, label).locator('.ant-form-item-explain-error');

export default [
  {
    name: 'SOP 规则：新建三个环节的话术（空环节与错误正则被拦下）；上传通话后 AI 面板显示两个环节命中及原句、一个未覆盖',
    async run({ page, baseUrl, login, shot, settle }) {
      await login();
      await page.goto(`${baseUrl}/main/staffCheck`);
      await page.getByRole('tab', { name: 'SOP 规则', exact: true }).click();
      const tab = page.getByTestId('sop-tab');
      // the demo organisation's standard script is there, for every department
      const standard = tab.locator('tbody tr.ant-table-row').filter({ hasText: '标准销售流程' });
      await standard.getByText('7 个：', { exact: false }).waitFor();
      await standard.getByRole('cell', { name: '全部' }).first().waitFor();
      await shot('sop-rules');

      // a new rule: an item matched by nothing and a pattern that does not compile are refused on their fields
      await tab.getByTestId('add-sop').click();
      const dialog = page.getByRole('dialog').filter({ hasText: '新建SOP规则' });
      await settle();
      await dialog.getByLabel('规则名称').fill(RULE);
      const cards = dialog.getByTestId('sop-item');
      await cards.first().getByTestId('sop-item-name').fill(ITEMS[0][0]);
      await itemOf(cards.first(), '正则表达式').locator('textarea').fill('加(微信');
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await errorOf(cards.first(), '正则表达式')
        .filter({ hasText: '正则表达式无法编译：环节「自我介绍」的 加(微信' })
        .waitFor();
      await itemOf(cards.first(), '正则表达式').locator('textarea').fill('');
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await errorOf(cards.first(), '关键词')
        .filter({ hasText: '至少需要一个关键词、例句、正则表达式或大模型问题' })
        .waitFor();
      await shot('sop-form-errors');

      // the three items, in order, keywords typed as tags
      for (const [i, [name, keywords]] of ITEMS.entries()) {
        if (i > 0) await dialog.getByTestId('sop-add-item').click();
        const card = cards.nth(i);
        await card.getByTestId('sop-item-name').fill(name);
        const input = itemOf(card, '关键词').locator('input');
        for (const k of keywords) {
          await input.fill(k);
          await input.press('Enter');
          await itemOf(card, '关键词').locator('.ant-select-selection-item').filter({ hasText: k }).waitFor();
        }
      }
      assert.equal(await cards.count(), 3);
      // moving an item down and back up keeps the script's order
      await cards.nth(1).getByTitle('下移').click();
      assert.equal(await cards.nth(2).getByTestId('sop-item-name').inputValue(), '确认身份');
      await cards.nth(2).getByTitle('上移').click();
      assert.deepEqual(
        await Promise.all([0, 1, 2].map((i) => cards.nth(i).getByTestId('sop-item-name').inputValue())),
        ITEMS.map(([name]) => name),
      );
      await errorOf(cards.first(), '关键词').waitFor({ state: 'detached' });
      await shot('sop-form');
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = tab.locator('tbody tr.ant-table-row').filter({ hasText: RULE });
      await row.getByText('3 个：自我介绍 → 确认身份 → 约定跟进').waitFor();
      await row.getByRole('cell', { name: '全部' }).first().waitFor();
      await shot('sop-rule-saved');
      // 编辑 reads the rule back: its items in order, their keywords as tags
      await row.getByRole('button', { name: '编辑' }).click();
      const edit = page.getByRole('dialog').filter({ hasText: '编辑SOP规则' });
      await edit.getByTestId('sop-item').nth(2).waitFor();
      assert.deepEqual(
        await Promise.all([0, 1, 2].map((i) => edit.getByTestId('sop-item-name').nth(i).inputValue())),
        ITEMS.map(([name]) => name),
      );
      await itemOf(edit.getByTestId('sop-item').nth(2), '关键词').getByText('加您微信').waitFor();
      await edit.getByRole('button', { name: /取\s*消/ }).click();
      await edit.waitFor({ state: 'detached' });

      // a call in which the agent introduces himself and confirms the identity, but agrees no follow-up
      const audio = quietFlac('课程回访三步.flac', 14);
      const transcript = join(dir, '课程回访三步.json');
      writeFileSync(
        transcript,
        JSON.stringify({
          durationMs: 14000,
          segments: [
            { speaker: 'agent', startMs: 0, endMs: 3500, text: INTRO },
            { speaker: 'agent', startMs: IDENTITY_AT_MS, endMs: 6000, text: IDENTITY },
            { speaker: 'customer', startMs: 6200, endMs: 7000, text: '对，什么事' },
            { speaker: 'agent', startMs: 7200, endMs: 11000, text: '我们有个周末的英语课程，想给您介绍一下' },
            { speaker: 'customer', startMs: 11200, endMs: 13500, text: '不需要了，谢谢' },
          ],
        }),
      );
      const found = await uploadOnRecordingPage(page, baseUrl, [audio, transcript], '课程回访三步');
      const id = found.id;
      await waitAnalysed(page, id);

      // the call's AI panel, SOP: the rule with 自我介绍 ✓ and 确认身份 ✓ with their sentences, 约定跟进 ✗
      await page.goto(`${baseUrl}/callDetail?id=${id}`);
      const panel = page.getByTestId('ai-panel');
      await panel.getByTestId('ai-status').filter({ hasText: '已完成' }).waitFor();
      await panel.getByRole('tab', { name: 'SOP', exact: true }).click();
      const rule = panel.locator(`[data-testid=sop-coverage-rule][data-name="${RULE}"]`);
      await rule.getByTestId('sop-coverage-percent').filter({ hasText: '覆盖率 67%' }).waitFor();
      await rule.getByText('按顺序', { exact: true }).waitFor();
      const item = (name) => rule.locator(`[data-testid=sop-coverage-item][data-name="${name}"]`);
      assert.equal(await item('自我介绍').getAttribute('data-hit'), 'true');
      await item('自我介绍').getByTestId('evidence').filter({ hasText: INTRO }).waitFor();
      await item('自我介绍').locator('mark').filter({ hasText: '我是' }).waitFor();
      assert.equal(await item('确认身份').getAttribute('data-hit'), 'true');
      await item('确认身份').getByTestId('evidence').filter({ hasText: IDENTITY }).waitFor();
      await item('确认身份').getByText('00:04').waitFor();
      assert.equal(await item('约定跟进').getAttribute('data-hit'), 'false');
      await item('约定跟进').getByText('未覆盖').waitFor();
      assert.equal(await item('约定跟进').getByTestId('evidence').count(), 0);
      // the items in script order
      assert.deepEqual(
        await rule.getByTestId('sop-coverage-item').evaluateAll((els) => els.map((e) => e.dataset.name)),
        ITEMS.map(([name]) => name),
      );
      await shot('call-sop');
      // a covered item's sentence opens in the transcript
      await item('确认身份').getByTestId('evidence').click();
      await page.locator('[data-evidence=true]').filter({ hasText: IDENTITY }).waitFor();
      await shot('call-sop-evidence');
    },
  },
];
