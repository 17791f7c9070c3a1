// Scenarios of the AI that learns and is checked (issue 23): a manager corrects a call's intention and tags in the call
// detail, the organisation's model learns it, and the next similar call (a paraphrase sharing no run of four
// characters with the corrected one) is analysed with it, the deciding layer named 本机构模型; the LLM judge against a
// fake OpenAI-compatible server: the labels' evidence highlighted, a quote not in the call rejected and visible in the
// call's history.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { apiCall, itemOf, quietFlac, uploadWithTranscript, waitAnalysed } from './lib/calls.mjs';

/** A transcript in the JSON form of DESIGN.md §6: `[who, text]`, one sentence every 5 s. */
const transcriptOf = (lines) => ({
  durationMs: lines.length * 5000,
  segments: lines.map(([who, text], i) => ({
    speaker: who === 'a' ? 'agent' : 'customer',
    startMs: i * 5000,
    endMs: i * 5000 + 4000,
    text,
  })),
});

/** The call a manager corrects: the customer puts it off (the base model reads it as interest). */
const CORRECTED = [
  ['a', '您好，我是云帆装修的设计顾问小陈，看到您登记了老房翻新的需求。'],
  ['c', '嗯，是登记过。'],
  ['a', '我们这个月有免费上门量房，您看周末方便吗？'],
  ['c', '房子的事家里还没商量好，先放一放吧，等定下来我再找你们。'],
  ['a', '好的，那我先把案例发您参考。'],
  ['c', '行，你发吧。'],
];
/** The next similar call: the same put-off in other words (no run of four characters in common with CORRECTED). */
const PARAPHRASE = [
  ['a', '早上好，这里是明达家居的客服小周，之前您在网上留过电话说想改造厨房。'],
  ['c', '对，留过。'],
  ['a', '现在报名可以送一次免费测量，您这周六有空吗？'],
  ['c', '这事儿老婆孩子意见不统一，暂时搁着，等拿定主意了会主动联系。'],
  ['a', '明白，那我给您寄份资料。'],
  ['c', '可以，寄过来吧。'],
];

/** A call for the judge: a strong customer, a pressure line. */
const JUDGED = [
  ['a', '您好，我是星辰教育的课程顾问小王，请问是李先生吗？'],
  ['c', '是的，你说。'],
  ['a', '少儿编程课今天是最后一天优惠，过了今天就没有这个价了。'],
  ['c', '我挺感兴趣的，价格多少？'],
  ['a', '一期三千九百八十元。'],
  ['c', '好的，那我今天就报名，你把合同发给我吧。'],
];
const GOOD = {
  intention: { value: 'strong', degree: 90, segment: 5, quote: '那我今天就报名' },
  tags: [],
  complaint: { value: false, score: 0.02, segment: 0, quote: '' },
  violations: [{ rule: '施压销售', score: 0.92, segment: 2, quote: '过了今天就没有这个价了' }],
  churnReason: null,
  aiLabels: [{ label: 1, segment: 5, quote: '那我今天就报名' }],
  nextStep: { value: '发送合同', time: '今天', segment: 5, quote: '你把合同发给我吧' },
  summary: '李先生对少儿编程课感兴趣，决定今天报名，需发送合同。',
  fields: [],
};
const WRONG = { ...GOOD, intention: { ...GOOD.intention, quote: '我马上付全款' } };

/** Uploads a quiet recording with its transcript, as a telephony platform would; answers the recording id. */
async function upload(page, name, lines, tone) {
  const file = quietFlac(name, lines.length * 5, tone);
  return uploadWithTranscript(page, file, transcriptOf(lines));
}

/** Opens a call's AI panel from the 通话分析 list. */
async function openPanel(page, baseUrl, fileName) {
  await page.goto(`${baseUrl}/main/callAnalysis`);
  const row = page.getByTestId('analysis-table').locator('tbody tr.ant-table-row').filter({ hasText: fileName });
  await row.getByTestId('open-analysis').click();
  const panel = page.locator('.ant-drawer-body').getByTestId('ai-panel');
  await panel.getByTestId('ai-status').filter({ hasText: '已完成' }).waitFor();
  return panel;
}

const decision = (panel, key) => panel.locator(`[data-testid=decision][data-key="${key}"]`);

async function openAi(page) {
  const r = await apiCall(page, 'POST', '/api/backend/organization/setAiOpen', { open: true });
  assert.equal(r.code, 1, r.msg);
}

export default [
  {
    name: '在通话详情中修正意向和通话标签，本机构模型学习后，相似的下一通电话由本机构模型判定并注明',
    async run({ page, baseUrl, login, shot }) {
      await login();
      await openAi(page);
      const before = await apiCall(page, 'POST', '/api/analysis/asr/V1/orgModel', {});
      assert.equal(before.code, 1, before.msg);
      const firstId = await upload(page, '装修回访.flac', CORRECTED, 300);
      await waitAnalysed(page, firstId);

      // the call detail: 判定依据 with each label's layer; 修正 the intention to 无意向 and the tags to 明确拒绝
      const panel = await openPanel(page, baseUrl, '装修回访.flac');
      await panel.getByTestId('ai-decisions').waitFor();
      await shot('before-correction');
      await panel.getByTestId('correct').click();
      const modal = page.getByRole('dialog').filter({ hasText: '修正分析结果' });
      await modal.getByTestId('fix-intention').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '无意向' }).click();
      await itemOf(modal, '通话标签').locator('.ant-select').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '明确拒绝' })
        .click();
      await page.keyboard.press('Escape');
      await modal.getByRole('button', { name: '保存修正' }).click();
      await decision(panel, 'intention').getByTestId('decision-layer').filter({ hasText: '人工修正' }).waitFor();
      await decision(panel, 'tag:1').getByTestId('decision-layer').filter({ hasText: '人工修正' }).waitFor();
      await shot('corrected');

      // the learning job: the organisation's model has learned one more correction
      const until = Date.now() + 60_000;
      let learned = 0;
      while (Date.now() < until) {
        learned = (await apiCall(page, 'POST', '/api/analysis/asr/V1/orgModel', {})).data.learnedFrom;
        if (learned > before.data.learnedFrom) break;
        await page.waitForTimeout(500);
      }
      assert.ok(learned > before.data.learnedFrom, `learned from ${learned}`);
      await page.locator('.ant-drawer-close').click();

      // the paraphrase: analysed with the organisation's model, 明确拒绝 decided by 本机构模型
      const nextId = await upload(page, '厨房改造.flac', PARAPHRASE, 520);
      const next = await waitAnalysed(page, nextId);
      const tag = next.effective.decisions.find((d) => d.key === 'tag:1');
      assert.ok(tag, `明确拒绝 found: ${JSON.stringify(next.effective.decisions.map((d) => [d.key, d.layerName]))}`);
      assert.equal(tag.layerName, '本机构模型');
      const nextPanel = await openPanel(page, baseUrl, '厨房改造.flac');
      await decision(nextPanel, 'tag:1').getByTestId('decision-layer').filter({ hasText: '本机构模型' }).waitFor();
      await nextPanel
        .getByTestId('org-model-learned')
        .filter({ hasText: `本机构模型已从 ${learned} 条修正中学习` })
        .waitFor();
      await shot('paraphrase-org-model');

      // AI 设置 › 分析模型: the organisation's model, reset after a confirmation
      await page.goto(`${baseUrl}/main/aiSetting`);
      await page.getByRole('tab', { name: '分析模型' }).click();
      const card = page.getByTestId('org-model');
      await card
        .getByTestId('org-model-state')
        .filter({ hasText: `已从 ${learned} 条修正中学习` })
        .waitFor();
      await card.getByTestId('org-model-reset').click();
      const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '重置本机构模型' });
      await confirm.waitFor();
      await shot('reset-confirm');
      await confirm.getByRole('button', { name: /^重\s*置$/ }).click();
      await card.getByTestId('org-model-state').filter({ hasText: '使用基础模型' }).waitFor();
    },
  },
  {
    name: '大模型评审：每个结论附原文依据并高亮，引用不在通话中的结论被驳回并记入分析记录',
    async run({ page, baseUrl, login, shot }) {
      // the fake OpenAI-compatible server: the judge's first answer quotes words the call does not hold
      const replies = [WRONG, GOOD];
      const fake = createServer((req, res) => {
        const chunks = [];
        req.on('data', (d) => chunks.push(d));
        req.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const content = body.includes('"call_judge"') ? JSON.stringify(replies.shift() ?? GOOD) : '{"reply":"ok"}';
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));
        });
      });
      await new Promise((r) => fake.listen(0, '127.0.0.2', r));
      try {
        await login();
        await openAi(page);
        const saved = await apiCall(page, 'POST', '/api/backend/aiModel/save', {
          name: '评审模型',
          baseUrl: `http://127.0.0.2:${fake.address().port}/v1`,
          model: 'fake-judge',
          timeoutMs: 30000,
          active: true,
        });
        assert.equal(saved.code, 1, saved.msg);
        const id = await upload(page, '评审通话.flac', JUDGED, 660);
        const data = await waitAnalysed(page, id);
        assert.equal(data.llmError, null);
        const panel = await openPanel(page, baseUrl, '评审通话.flac');
        const intention = decision(panel, 'intention');
        await intention.getByTestId('decision-layer').filter({ hasText: '大模型' }).waitFor();
        await intention.locator('mark').filter({ hasText: '那我今天就报名' }).waitFor();
        const pressure = decision(panel, 'violation:施压销售');
        // the pressure-selling rule found it too: a literal rule stands whatever the model says, with its own words
        await pressure.filter({ hasText: '施压销售' }).locator('mark').first().waitFor();
        await decision(panel, 'nextStep').filter({ hasText: '发送合同（今天）' }).waitFor();
        // the rejected quote, in the call's history
        const history = panel.getByTestId('ai-history');
        await history.getByTestId('history-item').filter({ hasText: '我马上付全款' }).waitFor();
        await history.getByText('引用被驳回').first().waitFor();
        // evidence opens the sentence in the transcript
        await intention.getByTestId('evidence').first().click();
        await page.locator('.ant-drawer-body [data-evidence=true]').filter({ hasText: '那我今天就报名' }).waitFor();
        await history.scrollIntoViewIfNeeded();
        await shot('judge-history');
        await intention.scrollIntoViewIfNeeded();
        await shot('judge-evidence');
      } finally {
        const models = await apiCall(page, 'POST', '/api/backend/aiModel/list', {});
        for (const m of models.data ?? [])
          if (m.name === '评审模型') await apiCall(page, 'POST', '/api/backend/aiModel/delete', { id: m.id });
        fake.close();
      }
    },
  },
];
