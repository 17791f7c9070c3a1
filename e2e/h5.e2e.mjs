// Scenarios of the H5 pages (issue 32, paths ending in H5) at a phone's viewport (390×844, touch): each page opened
// from a link carrying a temporary token (as a pushed message's link does), the token kept as the session and removed
// from the address; a call's analysis with its evidence and audio, a correction saved through the desktop's
// correction call; the board (万/亿, HH:MM:SS), more figures and the daily report; a bad or missing token says
// 访问凭证过期 (inside WeCom: /weComAuth).
import assert from 'node:assert/strict';
import { apiCall, quietFlac, uploadWithTranscript, waitAnalysed } from './lib/calls.mjs';
import { HMS, PHONE, signInWithToken, TRIAL_CALL, tab, WXWORK_UA } from './lib/mobile.mjs';

/** A temporary token of the page's session (GET /loginController/getTempToken): what a pushed link carries. */
async function tempToken(page) {
  const r = await apiCall(page, 'GET', '/api/backend/loginController/getTempToken');
  assert.equal(r.code, 1, r.msg);
  return r.data.token;
}

/** Opens an H5 link with a token; the address loses the token and the session holds it. */
async function openLink(page, baseUrl, path, token) {
  const sep = path.includes('?') ? '&' : '?';
  await page.goto(`${baseUrl}${path}${sep}token=${encodeURIComponent(token)}`);
  await page.waitForURL((u) => !u.searchParams.has('token'));
  assert.equal(await page.evaluate(() => sessionStorage.getItem('token')), token);
}

export default [
  {
    name: 'H5 页面（手机）：带临时凭证的链接打开各页，分析详情（依据、音频）与修正保存，看板、更多数据与日报',
    async run({ newContext, baseUrl, shot }) {
      // the manager signs in elsewhere and a call is uploaded; links carry temporary tokens of that session
      const source = await (await newContext(PHONE)).newPage();
      source.setDefaultTimeout(15_000);
      await signInWithToken(source, baseUrl);
      const recordId = await uploadWithTranscript(source, quietFlac('h5通话.flac', 12, 610), TRIAL_CALL);
      const analysed = await waitAnalysed(source, recordId);
      // a daily report holds the organisation's figures: the administrator (whole organisation) reads it
      const admin = await (await newContext(PHONE)).newPage();
      await signInWithToken(admin, baseUrl, 'admin');
      const report = await apiCall(admin, 'POST', '/api/robot/reportStatistics/generate', { type: 1 });
      assert.equal(report.code, 1, report.msg);

      const context = await newContext(PHONE);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));

      // /analysisH5 opens the list (its own address without the token)
      await openLink(page, baseUrl, '/analysisH5', await tempToken(source));
      await page.waitForURL(/\/analysisH5\/index$/);
      const list = page.getByTestId('analyse-list');
      const row = list.locator('.adm-list-item').first();
      await row.waitFor();
      const rowBox = await row.boundingBox();
      assert.ok(rowBox.height >= 44, `a row is ${rowBox.height}px high`);
      await shot('analysis-list', page);

      // a call's analysis from a pushed link: summary, evidence, the audio served to this session
      await openLink(page, baseUrl, `/analysisH5/call?recordId=${recordId}`, await tempToken(source));
      assert.match(page.url(), new RegExp(`/analysisH5/call\\?recordId=${recordId}$`));
      await page.getByTestId('analysis-summary').waitFor();
      assert.equal((await page.getByTestId('analysis-summary').innerText()).trim(), analysed.effective.summary || '-');
      const v = analysed.effective;
      const evidence =
        v.intentionEvidence.length +
        v.churnEvidence.length +
        [...v.callTags, ...v.customTags, ...v.fields].reduce((n, t) => n + t.evidence.length, 0);
      if (evidence > 0) await page.getByTestId('analysis-evidence').waitFor();
      await page.getByTestId('transcript').getByText('周六可以来试听吗').waitFor();
      const src = await page.getByTestId('call-audio').getAttribute('src');
      const audio = await page.evaluate(
        async (u) => (await fetch(u, { headers: { range: 'bytes=0-15' } })).status,
        src,
      );
      assert.ok(audio === 200 || audio === 206, `audio answered ${audio}`);
      await shot('call', page);

      // 修正: another intention, saved through the correction call; the call's analysis then shows it
      await page.locator('.adm-nav-bar-right').getByText('修正').tap();
      await page.waitForURL(new RegExp(`/analysisH5/edit\\?recordId=${recordId}$`));
      const wanted = analysed.machine.intention === 2 ? '强意向' : '一般意向';
      const option = page.getByTestId('h5-intention').locator('.adm-selector-item').filter({ hasText: wanted });
      const optionBox = await option.boundingBox();
      assert.ok(optionBox.height >= 44, `an option is ${optionBox.height}px high`);
      await option.tap();
      await shot('edit', page);
      await page.getByTestId('h5-save').tap();
      await page.waitForURL(new RegExp(`/analysisH5/call\\?recordId=${recordId}$`));
      const saved = (await apiCall(page, 'GET', `/api/analysis/asr/V1/getCallAnalysis?recordId=${recordId}`)).data;
      assert.equal(saved.effective.intentionName, wanted);
      assert.ok(saved.correction, 'the correction is stored');
      await page.getByTestId('analysis-summary').waitFor();

      // risk messages and AI reminders from their links, then through the bottom tabs
      await openLink(page, baseUrl, '/riskMessageListH5', await tempToken(source));
      await page.getByTestId('message-list').or(page.getByText('暂无数据')).first().waitFor();
      await shot('risk', page);
      await openLink(page, baseUrl, '/aiBusinessReminderH5', await tempToken(source));
      await page.getByTestId('reminder-list').or(page.getByText('暂无数据')).first().waitFor();
      await shot('reminder', page);
      await tab(page, '风险');
      await page.waitForURL(/\/riskMessageListH5$/);

      // the board: its figures (durations HH:MM:SS), more figures (every person), the daily report
      await openLink(page, baseUrl, '/dashboardH5', await tempToken(source));
      const figures = page.getByTestId('kanban-figures');
      await figures.waitFor();
      const figure = async (box, label) =>
        (await box.locator('.m-figure').filter({ hasText: label }).locator('.m-figure-value').innerText()).trim();
      assert.match(await figure(figures, '通话时长'), HMS);
      await shot('dashboard', page);
      await page.locator('.adm-nav-bar-right').getByText('更多数据').tap();
      await page.waitForURL(/\/dashboardH5\/more$/);
      await page.getByTestId('staff-list').waitFor();
      assert.match(
        await page.getByTestId('staff-list').locator('.adm-list-item-description').first().innerText(),
        /时长 \d{2}:\d{2}:\d{2}/,
      );
      await shot('dashboard-more', page);
      await openLink(page, baseUrl, '/dashboardH5/more', await tempToken(source));
      await page.getByTestId('staff-list').waitFor();

      await openLink(page, baseUrl, `/reportStatisticsH5?id=${report.data.id}`, await tempToken(admin));
      assert.match(page.url(), new RegExp(`/reportStatisticsH5\\?id=${report.data.id}$`));
      const reportFigures = page.getByTestId('report-figures');
      await reportFigures.waitFor();
      assert.equal((await page.getByTestId('report-date').innerText()).trim(), report.data.startDate);
      assert.match(await figure(reportFigures, '通话时长'), HMS);
      await shot('report', page);
      await tab(page, '分析');
      await page.waitForURL(/\/analysisH5\/index$/);
      assert.deepEqual(errors, []);
    },
  },
  {
    name: 'H5 页面（手机）：凭证无效或缺失时显示访问凭证过期，企业微信内进入授权页',
    async run({ newContext, baseUrl, shot }) {
      const context = await newContext(PHONE);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      // a token the server does not accept: the address loses it, the page says 访问凭证过期
      await page.goto(`${baseUrl}/dashboardH5?token=expired.token.value`);
      await page.getByTestId('h5-expired').waitFor();
      await page.getByText('访问凭证过期').first().waitFor();
      assert.equal(await page.evaluate(() => sessionStorage.getItem('token')), null);
      assert.match(page.url(), /\/dashboardH5$/);
      await shot('expired', page);
      // no token at all
      await page.goto(`${baseUrl}/riskMessageListH5`);
      await page.getByTestId('h5-expired').waitFor();

      // inside WeCom the sign-in opens instead
      const wecom = await (await newContext({ ...PHONE, userAgent: WXWORK_UA })).newPage();
      wecom.setDefaultTimeout(15_000);
      await wecom.goto(`${baseUrl}/analysisH5/index?token=expired.token.value`);
      await wecom.waitForURL(/\/weComAuth/);
    },
  },
];
