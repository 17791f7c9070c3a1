// Security headers on what the browser gets: the app's page, its API answers and the API documents; the pages render
// under the content security policy (the runner fails any scenario whose browser reports a violation).
import assert from 'node:assert/strict';

export default [
  {
    name: '安全响应头：页面、接口与文档都带 CSP 等安全头，页面在 CSP 下正常显示',
    async run({ page, baseUrl, login, shot }) {
      const res = await page.goto(`${baseUrl}/login`);
      const headers = res.headers();
      const csp = headers['content-security-policy'] ?? '';
      assert.match(csp, /default-src 'self'/);
      assert.match(csp, /script-src 'self'(;|$)/, 'no inline or remote scripts');
      assert.match(csp, /frame-ancestors 'self'/);
      assert.equal(headers['x-content-type-options'], 'nosniff');
      assert.equal(headers['x-frame-options'], 'SAMEORIGIN');
      assert.ok(headers['strict-transport-security'], 'HSTS');
      assert.equal(headers['referrer-policy'], 'strict-origin-when-cross-origin');
      const api = await fetch(`${baseUrl}/api/backend/loginController/getUserInfoByToken`);
      assert.equal(api.headers.get('x-content-type-options'), 'nosniff');
      assert.ok(api.headers.get('content-security-policy'));
      const docs = await page.goto(`${baseUrl}/api/docs/`);
      assert.equal(docs.status(), 200);
      await page.getByText('销售CRM API').first().waitFor();
      await login('admin');
      await page.getByTestId('side-menu').waitFor();
      await page.waitForLoadState('networkidle');
      await shot('主界面（CSP 下）');
    },
  },
];
