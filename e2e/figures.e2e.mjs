// Figures that agree on the demo data (issue 26, points 1-3): the demo organisation's calls were placed through the
// call-event path, so 通话统计 counts them, the list behind a figure holds as many, and the AI dashboard counts
// placed and uploaded calls (no fewer than the analysed ones); calls bound to a lead show its name and number on the
// recordings list, 通话分析 and the call detail; the call detail labels its two sets of talk figures by source;
// the deals board shows the period's leader beside the appointed 销冠.
import assert from 'node:assert/strict';
import { apiCall } from './lib/calls.mjs';

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const daysAgo = (n) => new Date(Date.now() + 8 * 3600_000 - n * 86_400_000).toISOString().slice(0, 10);

export default [
  {
    name: '演示数据：通话统计的外呼数等于点开的通话记录条数，AI 看板通话数含上传录音且不少于 AI 分析通话',
    async run({ page, baseUrl, login, shot }) {
      await login();
      const period = { startDate: daysAgo(29), endDate: today() };
      const stats = await apiCall(page, 'POST', '/api/robot/callStatistics/userPage', {
        ...period,
        pageNum: 1,
        pageSize: 50,
      });
      assert.equal(stats.code, 1, stats.msg);
      const sum = stats.data.sum;
      assert.ok(sum.calls > 0, 'the demo has placed calls');
      const calls = await apiCall(page, 'POST', '/api/robot/call/v1/pagelist', {
        pageNum: 1,
        pageSize: 10,
        startTime: `${period.startDate} 00:00:00`,
        endTime: `${period.endDate} 23:59:59`,
      });
      assert.equal(calls.data.total, sum.calls);
      const fees = await apiCall(page, 'POST', '/api/backend/organizationCostCenter/callFeePageList', {
        pageNum: 1,
        pageSize: 10,
        startTime: `${period.startDate} 00:00:00`,
        endTime: `${period.endDate} 23:59:59`,
      });
      if (fees.code === 1) assert.equal(fees.data.total, sum.answered);

      await page.goto(`${baseUrl}/main/callStatistics`);
      const top = [...stats.data.lists].sort((a, b) => b.calls - a.calls)[0];
      // the page's default period is today: the busiest seat of today, if any, else the month's via the address
      await page.locator('tbody tr.ant-table-row').first().waitFor();
      await page.getByText('上传录音数').first().waitFor();
      await shot('call-statistics');

      // a user's 外呼数 opens their call records: as many rows as the figure
      const link = `/main/outCall?tab=calls&userId=${top.id}&startTime=${encodeURIComponent(`${period.startDate} 00:00:00`)}&endTime=${encodeURIComponent(`${period.endDate} 23:59:59`)}`;
      await page.goto(`${baseUrl}${link}`);
      await page.getByRole('tab', { name: '通话记录', selected: true }).waitFor();
      await page.locator('tbody tr.ant-table-row').first().waitFor();
      await page.getByText(`共 ${top.calls} 条`).first().waitFor();
      await shot('call-records-of-figure');

      const board = await apiCall(page, 'POST', '/api/robot/clue/aibossstatis/getOverview', period);
      assert.equal(board.code, 1, board.msg);
      assert.equal(board.data.calls, sum.calls + sum.uploads);
      assert.ok(board.data.uploads > 0, 'the demo has uploaded recordings');
      assert.ok(board.data.analysed <= board.data.calls, 'no more analysed calls than calls');
      await page.goto(`${baseUrl}/main/aiDashboard`);
      await page.getByText('上传录音数').first().waitFor();
      await page.getByText('AI 分析通话').first().waitFor();
      await shot('ai-dashboard');
    },
  },
  {
    name: '绑定线索的通话：录音列表显示客户姓名，通话分析与通话详情显示号码；详情的两组说话指标按来源标明',
    async run({ page, baseUrl, login, shot }) {
      await login();
      const list = await apiCall(page, 'POST', '/api/robot/recording/v1/pagelist', { pageNum: 1, pageSize: 50 });
      assert.equal(list.code, 1, list.msg);
      const bound = list.data.lists.find((r) => r.clueId && r.clueName);
      assert.ok(bound, 'a demo recording bound to a lead');
      assert.ok(bound.phone, 'the bound call shows a number');

      await page.goto(`${baseUrl}/main/recordingFileManage`);
      const row = page.locator('tbody tr.ant-table-row').filter({ hasText: bound.fileName }).first();
      await row.getByText(bound.clueName, { exact: true }).waitFor();
      assert.equal(await row.getByText(`#${bound.clueId}`).count(), 0);
      await shot('recordings-lead-name');

      await page.goto(`${baseUrl}/main/callAnalysis`);
      await page.locator('tbody tr.ant-table-row').first().waitFor();
      await shot('call-analysis-list');

      await page.goto(`${baseUrl}/callDetail?id=${bound.id}`);
      await page.getByTestId('call-title').waitFor();
      await page.getByText(bound.phone).first().waitFor();
      await page.getByText('音频指标（音频）').waitFor();
      await page.getByTestId('metrics-source').waitFor();
      await shot('call-detail-audio-figures');
      const figuresTab = page.getByRole('tab', { name: '对话指标（文本）' });
      if (await figuresTab.count()) {
        await figuresTab.click();
        await page.getByTestId('figures-source').waitFor();
        await shot('call-detail-text-figures');
      }
    },
  },
  {
    name: '成交看板：销冠旁显示本期领先的人',
    async run({ page, baseUrl, login, shot }) {
      await login();
      await page.goto(`${baseUrl}/main/dealsBoard`);
      await page.getByTestId('period-leader').waitFor();
      const board = await apiCall(page, 'POST', '/api/analysis/api/clue/getBoardPageList', {});
      assert.equal(board.code, 1, board.msg);
      if (board.data.leader) await page.getByTestId('period-leader').getByText(board.data.leader.userName).waitFor();
      await shot('deals-leader');
    },
  },
];
