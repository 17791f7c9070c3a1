// Scenarios of the WeCom app (issue 29, /weComApp/*) at a phone's viewport (390×844, touch): signed in with a normal
// token put in the session storage keys, the manager's board (万/亿, HH:MM:SS), a call uploaded with its transcript
// in the AI analysis list and its detail with the audio, messages, the seat's customers, staff and the user's page
// with sign-out; without a session, inside WeCom (its user agent), the app goes to /weComAuth.
import assert from 'node:assert/strict';
import { apiCall, quietFlac, uploadWithTranscript, waitAnalysed } from './lib/calls.mjs';
import { HMS, PHONE, signInWithToken, TRIAL_CALL, tab, WXWORK_UA } from './lib/mobile.mjs';

export default [
  {
    name: '企业微信应用（手机）：看板、AI 分析列表与详情（音频）、消息、客户、员工、我的与退出登录',
    async run({ newContext, baseUrl, shot }) {
      const context = await newContext(PHONE);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await signInWithToken(page, baseUrl);

      // a call of the manager, uploaded with its transcript, analysed by the built-in analysis
      const recordId = await uploadWithTranscript(page, quietFlac('企微应用通话.flac', 12, 520), TRIAL_CALL);
      const analysed = await waitAnalysed(page, recordId);

      // /weComApp opens the analysis tab
      await page.goto(`${baseUrl}/weComApp`);
      await page.waitForURL(/\/weComApp\/analyse$/);
      await page.getByTestId('mobile-tabs').waitFor();
      // the title follows the tab once the page has rendered
      await page.waitForFunction(() => document.title === '分析 - 销售CRM', null, { timeout: 5000 });
      const list = page.getByTestId('analyse-list');
      const row = list.locator('.adm-list-item').first();
      await row.waitFor();
      const rowBox = await row.boundingBox();
      assert.ok(rowBox.height >= 44, `a row is ${rowBox.height}px high`);
      await shot('analyse', page);

      // the call's analysis with its audio; a sentence plays from where it starts
      await page.goto(`${baseUrl}/weComApp/analyse`);
      await list.locator('.adm-list-item').first().waitFor();
      const first = (
        await apiCall(page, 'POST', '/api/analysis/asr/V1/callAnalysisPageList', { pageNum: 1, pageSize: 10 })
      ).data.lists[0];
      await list.locator('.adm-list-item').first().tap();
      await page.waitForURL(new RegExp(`/weComAnalyseDetail\\?recordId=${first.recordingId}$`));
      if (first.recordingId === recordId) {
        await page.getByTestId('analysis-summary').waitFor();
        assert.equal(
          (await page.getByTestId('analysis-summary').innerText()).trim(),
          analysed.effective.summary || '-',
        );
        await page.getByTestId('transcript').getByText('周六可以来试听吗').waitFor();
      }
      const src = await page.getByTestId('call-audio').getAttribute('src');
      assert.match(src, /token=/);
      // the audio is served to this session
      const audio = await page.evaluate(
        async (u) => (await fetch(u, { headers: { range: 'bytes=0-15' } })).status,
        src,
      );
      assert.ok(audio === 200 || audio === 206, `audio answered ${audio}`);
      await shot('detail', page);
      await page.locator('.adm-nav-bar-back').tap();
      await page.waitForURL(/\/weComApp\/analyse$/);

      // the manager's board: its figures as the API gives them (counts in 万/亿, durations HH:MM:SS)
      await tab(page, '看板');
      await page.waitForURL(/\/weComApp\/kanban$/);
      const figures = page.getByTestId('kanban-figures');
      await figures.waitFor();
      const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      const o = (
        await apiCall(page, 'POST', '/api/robot/clue/aibossstatis/getOverview', { startDate: today, endDate: today })
      ).data;
      const figure = async (label) =>
        (await figures.locator('.m-figure').filter({ hasText: label }).locator('.m-figure-value').innerText()).trim();
      assert.match(await figure('通话时长'), HMS);
      const hms = await figure('通话时长');
      const [h, m, s] = hms.split(':').map(Number);
      assert.equal(h * 3600 + m * 60 + s, Math.floor(o.talkSeconds));
      assert.equal(
        await figure('通话量'),
        o.calls >= 1e4 ? `${Number((o.calls / 1e4).toFixed(2))}万` : String(o.calls),
      );
      await shot('kanban', page);
      await page.getByTestId('period-tabs').getByText('本月').tap();
      await figures.waitFor();

      // messages: the AI messages of the analysed call, opened and read
      await tab(page, '消息');
      await page.waitForURL(/\/weComApp\/message$/);
      await page.getByTestId('message-list').or(page.getByText('暂无数据')).first().waitFor();
      await shot('message', page);

      // the seat's own customers
      await tab(page, '客户');
      await page.waitForURL(/\/weComApp\/customer$/);
      const mine = (
        await apiCall(page, 'POST', '/api/robot/organizationClue/seatCluePage', { pageNum: 1, pageSize: 10 })
      ).data;
      if (mine.total > 0) {
        await page.getByTestId('customer-list').waitFor();
        await page.getByText(`共 ${mine.total} 个客户`).waitFor();
      } else await page.getByText('暂无数据').waitFor();
      await shot('customer', page);

      // staff: everyone of the manager's scope, talk time HH:MM:SS
      await tab(page, '员工');
      await page.waitForURL(/\/weComApp\/staff$/);
      const staff = page.getByTestId('staff-list');
      await staff.waitFor();
      const ranked = (
        await apiCall(page, 'POST', '/api/robot/clue/aibossstatis/getRank', { startDate: today, endDate: today })
      ).data;
      await page.getByText(`共 ${ranked.length} 人`).waitFor();
      assert.match(await staff.locator('.adm-list-item-description').first().innerText(), /时长 \d{2}:\d{2}:\d{2}/);
      await shot('staff', page);

      // me: who is signed in; 退出登录 asks first, then ends the session
      await tab(page, '我的');
      await page.waitForURL(/\/weComApp\/user$/);
      const me = (await apiCall(page, 'GET', '/api/backend/loginController/getUserInfoByToken')).data;
      await page.getByTestId('user-card').getByText(me.realName).waitFor();
      await page.getByText(me.organizationName).waitFor();
      await shot('user', page);
      await page.getByRole('button', { name: '退出登录' }).tap();
      await page.locator('.adm-dialog').getByText('确定退出登录吗？').waitFor();
      await shot('signout-confirm', page);
      await page.locator('.adm-dialog').getByText('退出', { exact: true }).tap();
      await page.waitForURL(/\/login$/);
      assert.equal(await page.evaluate(() => sessionStorage.getItem('token')), null);
      assert.deepEqual(errors, []);
      await context.close();
    },
  },
  {
    name: '企业微信应用（手机）：企业微信内无会话或会话过期时进入企业微信授权页；坐席没有员工页',
    async run({ newContext, baseUrl, shot }) {
      const context = await newContext({ ...PHONE, userAgent: WXWORK_UA });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      // no session
      await page.goto(`${baseUrl}/weComApp/message`);
      await page.waitForURL(/\/weComAuth/);

      // a seat: its own board, no staff tab (its data scope is itself); the analysis list of its own calls
      await signInWithToken(page, baseUrl, 'seat01');
      await page.goto(`${baseUrl}/weComApp`);
      await page.waitForURL(/\/weComApp\/analyse$/);
      const tabs = page.getByTestId('mobile-tabs');
      await tabs.getByText('我的').waitFor();
      assert.equal(await tabs.getByText('看板').count(), 1);
      assert.equal(await tabs.getByText('员工').count(), 0);
      await page.getByTestId('analyse-list').or(page.getByText('暂无数据')).first().waitFor();
      await shot('seat', page);

      // the session expires (a token the server no longer accepts, no refresh token): to /weComAuth, not /login
      await page.evaluate(() => {
        sessionStorage.setItem('token', 'expired.token.value');
        sessionStorage.removeItem('refreshToken');
      });
      await page.goto(`${baseUrl}/weComApp/customer`);
      await page.waitForURL(/\/weComAuth/);
      assert.equal(await page.evaluate(() => sessionStorage.getItem('token')), null);
      await context.close();
    },
  },
];
