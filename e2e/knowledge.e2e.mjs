// Scenarios of the knowledge bases (/main/instituionklg, /main/knowledgeBase) and the industry templates
// (/main/industryTemplate): an administrator uploads a .docx and a .pdf written by the test into the organisation's
// base, sees them parsed into passages, asks without a model (the best passages, their words highlighted) and with a
// fake OpenAI-compatible model (an answer citing its passage), rates it 没用 and finds it among the gaps; then applies
// an industry template twice (the second time creates nothing) and undoes it.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { apiCall } from './lib/calls.mjs';
import { docxOf, pdfOf } from './lib/documents.mjs';

const DOCX = ['会员积分规则：每消费一元积一分，积分满一千分可兑换一节私教体验课。', '积分有效期为十二个月。'];
const PDF = [['停车说明：校区地下车库前两小时免费。'], ['超过两小时按每小时五元收费。']];

async function uploadFile(page, name, buffer) {
  const input = page.getByTestId('knowledge-upload').locator('input[type=file]');
  await input.setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
  await page
    .getByTestId('knowledge-list-2')
    .locator('tr')
    .filter({ hasText: name.replace(/\.\w+$/, '') })
    .filter({ hasText: '已完成' })
    .waitFor({ timeout: 60_000 });
}

async function ask(page, question) {
  const box = page.getByTestId('knowledge-ask').first();
  await box.getByTestId('knowledge-question').fill(question);
  await box.getByRole('button', { name: /^提\s*问$/ }).click();
}

export default [
  {
    name: '机构知识库：上传 .docx 与 .pdf 解析为段落；无模型时展示原文并高亮，有模型时回答带引用；差评进入知识缺口',
    async run({ page, baseUrl, login, shot }) {
      await login();
      await page.goto(`${baseUrl}/main/instituionklg`);
      await page.getByTestId('knowledge-list-2').locator('tr').filter({ hasText: '试听课收费吗' }).waitFor();
      await uploadFile(page, '会员积分.docx', docxOf(DOCX));
      await uploadFile(page, '停车说明.pdf', pdfOf(PDF));
      // the pdf's passages keep their pages
      await page.getByTestId('knowledge-list-2').getByRole('button', { name: '停车说明' }).click();
      const drawer = page.locator('.ant-drawer').filter({ hasText: '停车说明' });
      await drawer.getByText('第 2 页').waitFor();
      await shot('knowledge-pdf-passages');
      await drawer.locator('.ant-drawer-close').click();

      // no model: the passages themselves, the question's words marked
      await ask(page, '地下车库停车免费吗');
      const answer = page.getByTestId('knowledge-answer');
      await answer.getByText('未配置大模型，以下为最相关的知识原文').waitFor();
      await answer.getByTestId('knowledge-passage').first().filter({ hasText: '停车说明.pdf' }).waitFor();
      await answer.locator('mark').first().waitFor();
      await shot('knowledge-ask-passages');

      // a fake model: the answer cites passage [1], which is shown under it
      const fake = createServer((req, res) => {
        const chunks = [];
        req.on('data', (d) => chunks.push(d));
        req.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const content = body.includes('knowledge_answer')
            ? JSON.stringify({
                answerable: true,
                answer: '积分满一千分可兑换一节私教体验课 [1]。积分有效期十二个月 [1]。',
              })
            : '{"reply":"ok"}';
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));
        });
      });
      await new Promise((r) => fake.listen(0, '127.0.0.2', r));
      try {
        const saved = await apiCall(page, 'POST', '/api/backend/aiModel/save', {
          name: '知识库模型',
          baseUrl: `http://127.0.0.2:${fake.address().port}/v1`,
          model: 'fake-rag',
          timeoutMs: 30000,
          active: true,
        });
        assert.equal(saved.code, 1, saved.msg);
        await ask(page, '积分怎么兑换');
        await answer.getByTestId('knowledge-llm-answer').filter({ hasText: '私教体验课 [1]' }).waitFor();
        await answer
          .getByTestId('knowledge-passage')
          .filter({ hasText: '会员积分' })
          .filter({ hasText: '[1]' })
          .waitFor();
        await shot('knowledge-ask-cited');
        await answer.getByPlaceholder('哪里不对？（选填）').fill('没有说积分能不能转让');
        await answer.getByRole('button', { name: /没\s*用/ }).click();
        await page.getByText('感谢评价').waitFor();
      } finally {
        const models = await apiCall(page, 'POST', '/api/backend/aiModel/list', {});
        for (const m of models.data ?? [])
          if (m.name === '知识库模型') await apiCall(page, 'POST', '/api/backend/aiModel/delete', { id: m.id });
        fake.close();
      }
      await page.getByRole('tab', { name: '知识缺口' }).click();
      await page
        .getByTestId('knowledge-gaps')
        .locator('tr')
        .filter({ hasText: '积分怎么兑换' })
        .filter({ hasText: '差评' })
        .waitFor();
      await shot('knowledge-gaps');
    },
  },
  {
    name: '行业模板：预览金融理财模板并应用，再次应用不重复新建，撤销后恢复',
    async run({ page, baseUrl, login, shot, settle }) {
      await login();
      await page.goto(`${baseUrl}/main/industryTemplate`);
      await page.getByTestId('template-finance').click();
      const drawer = page.locator('.ant-drawer').filter({ hasText: '预览：金融理财' });
      await drawer.getByRole('cell', { name: '新建' }).first().waitFor();
      await settle();
      await shot('template-preview');
      await drawer.getByTestId('template-apply').click();
      await drawer.getByTestId('template-result').filter({ hasText: '新建 15 项，合并 0 项，跳过 0 项' }).waitFor();
      await drawer.getByRole('cell', { name: '已存在' }).first().waitFor();
      await drawer.getByTestId('template-apply').click();
      await drawer.getByTestId('template-result').filter({ hasText: '新建 0 项，合并 0 项，跳过 15 项' }).waitFor();
      await shot('template-applied-twice');
      await drawer.locator('.ant-drawer-close').click();
      await page.locator('.ant-card').filter({ hasText: '金融理财' }).getByText('已应用').waitFor();
      await page.getByTestId('template-undo').click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /撤\s*销/ })
        .click();
      await page.getByText('已撤销：删除 15 项，恢复 0 项').waitFor();
      await page
        .locator('.ant-card')
        .filter({ hasText: '金融理财' })
        .getByText('已应用')
        .waitFor({ state: 'detached' });
      await shot('template-undone');
    },
  },
];
