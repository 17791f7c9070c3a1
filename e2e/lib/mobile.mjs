// What the phone scenarios share (the WeCom app, the H5 pages): a phone's browser context, WeCom's user agent, a
// sign-in through the API, a call's transcript to upload and a tap on a bottom tab.
import assert from 'node:assert/strict';

export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
/** The WeCom client's user agent (an iPhone's WeChat Work). */
export const WXWORK_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.20 MicroMessenger/7.0.1 Language/zh';

/** A duration as the mobile pages show it. */
export const HMS = /^\d{2}:\d{2}:\d{2}$/;

/** Signs in through the API and puts the tokens where the web keeps them (session storage), as the OAuth page would. */
export async function signInWithToken(page, baseUrl, account = 'manager') {
  await page.goto(`${baseUrl}/weComAuth`);
  const r = await page.evaluate(async (account) => {
    const res = await fetch('/api/backend/loginController/webLogin', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-support-features': 'standard-HTTP-status' },
      body: JSON.stringify({ account, password: 'admin@123' }),
    });
    const body = await res.json();
    if (body.code === 1) {
      sessionStorage.setItem('token', body.data.token);
      sessionStorage.setItem('refreshToken', body.data.refreshToken);
    }
    return body;
  }, account);
  assert.equal(r.code, 1, r.msg);
  return r.data;
}

/** A short call of a course adviser and a parent who books a trial lesson: its transcript (no speech engine needed). */
export const TRIAL_CALL = {
  durationMs: 12_000,
  segments: [
    { speaker: 'agent', startMs: 0, endMs: 3000, text: '您好，我是星辰教育的课程顾问，想给孩子介绍编程课' },
    { speaker: 'customer', startMs: 3500, endMs: 7000, text: '听起来不错，我想给孩子报名，周六可以来试听吗' },
    { speaker: 'agent', startMs: 7500, endMs: 11000, text: '可以的，周六上午十点，我把地址发到您微信上' },
  ],
};

/** A tab of the bottom bar (at least 44 px high: a touch target). */
export async function tab(page, title) {
  const item = page.getByTestId('mobile-tabs').locator('.adm-tab-bar-item').filter({ hasText: title });
  const box = await item.boundingBox();
  assert.ok(box && box.height >= 44, `tab ${title} is ${box?.height}px high`);
  await item.tap();
}
