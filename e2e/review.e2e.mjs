// Scenario of the AI quality list and human review (/main/staffCheck → AI 质检, the call's AI panel → 质检): a seat
// uploads a call with its transcript in which the agent promises 包过 and skips most of the standard sales script;
// once analysed, the administrator finds it in the AI 质检 list with a machine score under 100 and its deductions,
// reviews it (70 分); the seat appeals with a reason; the manager accepts the appeal with 85 分; the call's history
// shows the review, the appeal and the decision.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { quietFlac, scratchDir, uploadOnRecordingPage, waitAnalysed } from './lib/calls.mjs';

const dir = scratchDir();
const FILE = '复核申诉回访';
const REASON = '客户主动询问通过率，我只是转述往年数据，并非承诺';

/** Another user signed in in a context of its own. */
async function signedIn(newContext, baseUrl, account) {
  const ctx = await newContext({ viewport: { width: 1440, height: 900 } });
  const p = await ctx.newPage();
  p.setDefaultTimeout(15_000);
  await p.goto(`${baseUrl}/login`);
  await p.getByPlaceholder('账号 / 手机号').fill(account);
  await p.getByPlaceholder('密码').fill('admin@123');
  await p
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .click();
  await p.waitForURL(/\/main\//);
  return { ctx, p };
}

/** The 质检 tab of the call's AI panel. */
async function qualityOf(p) {
  const panel = p.getByTestId('ai-panel');
  await panel.getByRole('tab', { name: '质检', exact: true }).click();
  const section = panel.getByTestId('quality-section');
  await section.waitFor();
  return section;
}

const okOf = (dialog) => dialog.getByRole('button', { name: /确\s*定/ });

export default [
  {
    name: 'AI 质检与人工复核：上传违规通话后列表显示机器分与扣分，复核 70 分，坐席申诉，经理通过改为 85 分，历史完整',
    async run({ page, baseUrl, login, newContext, shot, settle }) {
      // the seat uploads its call: the agent promises 包过 and never introduces the offer nor agrees a follow-up
      await login('seat01');
      const audio = quietFlac(`${FILE}.flac`, 12);
      const transcript = join(dir, `${FILE}.json`);
      writeFileSync(
        transcript,
        JSON.stringify({
          durationMs: 12000,
          segments: [
            { speaker: 'agent', startMs: 0, endMs: 3000, text: '喂，考证的事您考虑得怎么样了' },
            { speaker: 'customer', startMs: 3100, endMs: 4000, text: '还在想' },
            { speaker: 'agent', startMs: 4200, endMs: 8000, text: '报我们的冲刺班您放心，包过' },
            { speaker: 'customer', startMs: 8200, endMs: 11000, text: '那我再想想吧' },
          ],
        }),
      );
      const found = await uploadOnRecordingPage(page, baseUrl, [audio, transcript], FILE);
      const id = found.id;
      const seatId = found.ownerUserId;
      assert.ok(seatId, 'the uploading seat owns the call');
      await waitAnalysed(page, id);

      // the administrator: the AI 质检 list (the default tab) shows the call with a machine score under 100
      const admin = await signedIn(newContext, baseUrl, 'admin');
      const a = admin.p;
      await a.goto(`${baseUrl}/main/staffCheck`);
      const head = a.getByTestId('check-head');
      await head.getByText('已质检通话').waitFor();
      await head.getByText('合格率').waitFor();
      const row = a.locator(`[data-testid=check-table] tr[data-row-key="${id}"]`);
      await row.waitFor();
      const score = Number(await row.getByTestId('check-score').innerText());
      assert.ok(score < 100, `machine score under 100: ${score}`);
      await shot('check-list', a);
      const text = await row.innerText();
      // the promise is a violation, and the card deducts for it
      assert.match(text, /[1-9]\d* 次：/, `the row counts the violation: ${text}`);
      assert.match(text, /违规：.+−\d+ 分/, `the row lists the deduction: ${text}`);
      // the demo organisation's standard SOP script applied: its coverage is shown (the call skips most items)
      assert.match(text, /\d+%/, `the row shows the SOP coverage: ${text}`);
      // by seat: the seat's row opens its calls, this one among them
      await a.getByTestId('check-mode').getByText('按坐席').click();
      // seat ids and recording ids share numbers: the seat table's own row
      const seatRow = a.locator(`[data-testid=seat-table] tr.ant-table-row-level-0[data-row-key="${seatId}"]`).first();
      await seatRow.getByText('张伟').first().waitFor();
      await seatRow.locator('.ant-table-row-expand-icon').click();
      await a.locator(`[data-testid=seat-calls] tr[data-row-key="${id}"]`).waitFor();
      await shot('check-by-seat', a);
      await a.getByTestId('check-mode').getByText('按通话').click();

      // open the call: 质检 shows the machine score and its deductions; 复核 70 分 with a comment
      await a.locator(`[data-testid=check-table] tr[data-row-key="${id}"]`).getByTestId('open-check').click();
      const q = await qualityOf(a);
      await q
        .getByTestId('machine-score-value')
        .filter({ hasText: String(score) })
        .waitFor();
      await q.getByTestId('deductions').locator('li').first().waitFor();
      // each deduction says its item once (缺失：开场白与自我介绍 −5 分, not …：开场白与自我介绍 twice)
      const deductions = await q.getByTestId('deductions').innerText();
      assert.doesNotMatch(deductions, /缺失：([^：\n]+)：\1/, `a deduction text doubles its item: ${deductions}`);
      assert.doesNotMatch(text, /缺失：([^：；\n]+)：\1/, `a deduction text doubles its item: ${text}`);
      await shot('machine-score', a);
      await q.getByTestId('open-review').click();
      const review = a.locator('.ant-modal').filter({ hasText: '人工复核' });
      await review.getByTestId('review-score-input').fill('70');
      await review.getByTestId('review-comment-input').fill('承诺包过属违规话术，扣分');
      await okOf(review).click();
      await review.waitFor({ state: 'detached' });
      await q.getByTestId('review-score').filter({ hasText: '70 分' }).waitFor();
      await shot('reviewed', a);

      // the seat appeals on its call
      await page.goto(`${baseUrl}/callDetail?id=${id}`);
      const sq = await qualityOf(page);
      await sq.getByTestId('review-score').filter({ hasText: '70 分' }).waitFor();
      await sq.getByTestId('open-appeal').click();
      const appeal = page.locator('.ant-modal').filter({ hasText: '提交申诉' });
      await settle();
      await okOf(appeal).click();
      await appeal.getByText('请输入申诉理由').waitFor();
      await appeal.getByTestId('appeal-reason-input').fill(REASON);
      await okOf(appeal).click();
      await appeal.waitFor({ state: 'detached' });
      await sq.getByTestId('pending-appeal').getByText(REASON, { exact: false }).waitFor();
      assert.equal(await sq.getByTestId('open-appeal').count(), 0, 'one open appeal at a time');
      await shot('appealed');

      // the manager accepts the appeal with 85 分
      const manager = await signedIn(newContext, baseUrl, 'manager');
      const m = manager.p;
      await m.goto(`${baseUrl}/callDetail?id=${id}`);
      const mq = await qualityOf(m);
      await mq.getByTestId('pending-appeal').waitFor();
      await mq.getByTestId('open-decide').click();
      const decide = m.locator('.ant-modal').filter({ hasText: '处理申诉' });
      await decide.getByTestId('decision-score-input').fill('85');
      await decide.getByTestId('decision-comment-input').fill('核实录音，属转述，改判 85 分');
      await okOf(decide).click();
      await decide.waitFor({ state: 'detached' });
      await mq.getByTestId('review-score').filter({ hasText: '85 分' }).waitFor();
      await mq.getByTestId('pending-appeal').waitFor({ state: 'detached' });
      const events = await mq.getByTestId('history-row').evaluateAll((rows) => rows.map((r) => r.dataset.event));
      for (const e of ['review', 'appeal', 'accept']) assert.ok(events.includes(e), `history has ${e}: ${events}`);
      await shot('decided', m);

      // the seat sees the new score and the whole history
      await page.reload();
      const final = await qualityOf(page);
      await final.getByTestId('review-score').filter({ hasText: '85 分' }).waitFor();
      await final.locator('[data-testid=history-row][data-event=accept]').getByText('70 → 85 分').waitFor();
      await shot('history');
      await admin.ctx.close();
      await manager.ctx.close();
    },
  },
];
