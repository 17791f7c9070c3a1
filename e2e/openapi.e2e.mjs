// The signed open API (/main/openApi 开放接口): the administrator creates a key and sees its secret once; a signed
// push from this test (HMAC-SHA256 as the API document describes) creates a lead that appears in 我的客户.
import assert from 'node:assert/strict';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { startServer } from './server.mjs';

let shared = null;
async function env() {
  if (shared) return shared;
  const server = await startServer({ env: { LOG_LEVEL: 'info' } });
  process.on('exit', () => server.stop());
  shared = { server, baseUrl: server.baseUrl };
  return shared;
}

/** The README's example: method, path, sorted query, timestamp, nonce and the body's SHA-256, signed with the secret. */
async function signedPost(baseUrl, key, path, body) {
  const raw = JSON.stringify(body);
  const timestamp = String(Date.now());
  const nonce = randomBytes(12).toString('hex');
  const text = ['POST', path, '', timestamp, nonce, createHash('sha256').update(raw).digest('hex')].join('\n');
  const signature = createHmac('sha256', key.appSecret).update(text).digest('hex');
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-app-key': key.appKey,
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature': signature,
    },
    body: raw,
  });
  return res.json();
}

export default [
  {
    name: '管理员新建开放接口密钥（密钥只显示一次）；签名推送的线索出现在我的客户中',
    async run({ page, shot }) {
      const { baseUrl } = await env();
      await page.goto(`${baseUrl}/login`);
      await page.getByPlaceholder('账号 / 手机号').fill('admin');
      await page.getByPlaceholder('密码').fill('admin@123');
      await page
        .getByRole('button', { name: /登\s*录/ })
        .first()
        .click();
      await page.waitForURL(/\/main(\/|$)/);
      await page.goto(`${baseUrl}/main/openApi`);
      await page.getByRole('button', { name: '新建密钥' }).click();
      await page.getByLabel('密钥名称').fill('官网表单对接');
      await page.getByRole('button', { name: /创\s*建/ }).click();
      const appKey = (await page.getByTestId('shown-app-key').textContent())?.trim();
      const appSecret = (await page.getByTestId('shown-app-secret').textContent())?.trim();
      assert.ok(appKey?.startsWith('ak') && appSecret && appSecret.length > 30, 'the key and secret are shown');
      await shot('openapi-key-created');
      await page.getByRole('button', { name: '我已保存' }).click();
      await page.getByTestId('shown-app-secret').waitFor({ state: 'detached' });
      // the list shows the key, never its secret
      await page.locator('tbody tr.ant-table-row', { hasText: appKey }).waitFor();
      assert.ok(!(await page.content()).includes(appSecret), 'the secret is not shown again');
      await shot('openapi-key-list');

      const phone = `136${String(Date.now()).slice(-8)}`;
      const pushed = await signedPost(baseUrl, { appKey, appSecret }, '/api/openapi/clue/add', {
        phone,
        name: '开放接口客户',
      });
      assert.equal(pushed.code, 1, pushed.msg);
      assert.equal(pushed.data.importWay, 9);
      const wrong = await signedPost(baseUrl, { appKey, appSecret: 'wrong' }, '/api/openapi/clue/add', { phone });
      assert.equal(wrong.code, 401);

      await page.goto(`${baseUrl}/main/customerManage`);
      await page.locator('tbody tr.ant-table-row', { hasText: '开放接口客户' }).first().waitFor();
      await shot('openapi-lead-in-list');
    },
  },
];
