/**
 * A local stand-in for the WeChat Pay API v3 and Alipay gateways, signing and verifying as they do, for the API
 * tests and the e2e scenario (which imports this file with Node's type stripping: node: imports and erasable
 * syntax only). It checks every request's signature with the merchant's public key, answers signed, and sends the
 * payer's payment as a signed, encrypted notification to the notify_url the order was placed with.
 */
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeOrder {
  channel: 'wechat' | 'alipay';
  orderNo: string;
  amountFen: number;
  notifyUrl: string;
  paid: boolean;
  tradeNo: string;
}

export interface FakePayGateway {
  url: string;
  /** The server's WECHATPAY_* and ALIPAY_* variables for this gateway. */
  env: Record<string, string>;
  orders: Map<string, FakeOrder>;
  /** Where notifications go instead of the notify_url's origin (an e2e server whose port was chosen after start). */
  notifyBase: string | null;
  /** Signed WeChat notification of a payment (not sent): what a test may replay or tamper with. */
  wechatNotification(orderNo: string, opts?: { amountFen?: number }): { headers: Record<string, string>; body: string };
  /** Signed Alipay notification (form body). */
  alipayNotification(orderNo: string, opts?: { amountFen?: number }): string;
  /** The payer pays: the order is paid at the gateway and its notification is posted; answers the status. */
  pay(orderNo: string, opts?: { notify?: boolean }): Promise<number>;
  close(): Promise<void>;
}

const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

const sign = (key: string, text: string) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
const verify = (key: string, text: string, sig: string) => {
  try {
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(key, sig, 'base64');
  } catch {
    return false;
  }
};

const alipayContent = (p: Record<string, string>) =>
  Object.keys(p)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && p[k] !== '')
    .sort()
    .map((k) => `${k}=${p[k]}`)
    .join('&');

const yuan = (fen: number) => `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
const shanghaiNow = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = '';
    req.on('data', (d) => (s += d));
    req.on('end', () => resolve(s));
  });
}

export async function startFakePayGateway(): Promise<FakePayGateway> {
  const merchant = keyPair();
  const platform = keyPair();
  const app = keyPair();
  const alipay = keyPair();
  const mchId = '1900000109';
  const apiV3Key = randomBytes(16).toString('hex');
  const alipayAppId = '2021000000000001';
  const orders = new Map<string, FakeOrder>();
  let seq = 0;

  /** An answer signed as WeChat Pay signs (Wechatpay-* headers over timestamp, nonce and body). */
  const wechatSigned = (res: ServerResponse, status: number, payload: object | null) => {
    const body = payload ? JSON.stringify(payload) : '';
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    res.writeHead(status, {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': 'PUB_KEY_ID_FAKE',
      'wechatpay-signature': sign(platform.privateKey, `${timestamp}\n${nonce}\n${body}\n`),
    });
    res.end(body);
  };

  const wechatAuthorized = (req: IncomingMessage, body: string) => {
    const auth = String(req.headers.authorization ?? '');
    const f = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (!auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') || f.mchid !== mchId) return false;
    return verify(
      merchant.publicKey,
      `${req.method}\n${req.url}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`,
      f.signature,
    );
  };

  const transaction = (o: FakeOrder) => ({
    appid: 'wx8888888888888888',
    mchid: mchId,
    out_trade_no: o.orderNo,
    transaction_id: o.tradeNo,
    trade_type: 'NATIVE',
    trade_state: o.paid ? 'SUCCESS' : 'NOTPAY',
    success_time: o.paid ? new Date().toISOString() : undefined,
    amount: { total: o.amountFen, payer_total: o.amountFen, currency: 'CNY' },
  });

  const alipaySignedAnswer = (res: ServerResponse, key: string, payload: object) => {
    const inner = JSON.stringify(payload);
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(`{"${key}":${inner},"sign":"${sign(alipay.privateKey, inner)}"}`);
  };

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/v3/pay/transactions/native' && req.method === 'POST') {
      if (!wechatAuthorized(req, body)) return wechatSigned(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
      const p = JSON.parse(body);
      const o: FakeOrder = {
        channel: 'wechat',
        orderNo: p.out_trade_no,
        amountFen: p.amount.total,
        notifyUrl: p.notify_url,
        paid: false,
        tradeNo: `4200${Date.now()}${++seq}`,
      };
      orders.set(o.orderNo, o);
      return wechatSigned(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('hex')}` });
    }
    const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)$/.exec(url.pathname);
    if (q && req.method === 'GET') {
      if (!wechatAuthorized(req, body)) return wechatSigned(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
      const o = orders.get(decodeURIComponent(q[1]));
      if (!o) return wechatSigned(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return wechatSigned(res, 200, transaction(o));
    }
    if (url.pathname === '/alipay/gateway.do') {
      const params = Object.fromEntries(req.method === 'GET' ? url.searchParams : new URLSearchParams(body));
      if (params.app_id !== alipayAppId || !verify(app.publicKey, alipayContent(params), params.sign)) {
        res.writeHead(400, { 'content-type': 'text/plain;charset=utf-8' });
        return res.end('invalid-signature');
      }
      const biz = JSON.parse(params.biz_content);
      if (params.method === 'alipay.trade.page.pay') {
        const o: FakeOrder = {
          channel: 'alipay',
          orderNo: biz.out_trade_no,
          amountFen: Math.round(Number(biz.total_amount) * 100),
          notifyUrl: params.notify_url,
          paid: false,
          tradeNo: `2026${Date.now()}${++seq}`,
        };
        orders.set(o.orderNo, o);
        res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
        return res.end(
          `<!doctype html><meta charset="utf-8"><title>支付宝收银台（测试网关）</title><h3>${biz.subject}</h3><p>订单号 ${o.orderNo}，应付 ${biz.total_amount} 元</p><form method="post" action="/alipay/pay?no=${encodeURIComponent(o.orderNo)}"><button>确认付款</button></form>`,
        );
      }
      if (params.method === 'alipay.trade.query') {
        const o = orders.get(biz.out_trade_no);
        if (!o)
          return alipaySignedAnswer(res, 'alipay_trade_query_response', {
            code: '40004',
            msg: 'Business Failed',
            sub_code: 'ACQ.TRADE_NOT_EXIST',
          });
        return alipaySignedAnswer(res, 'alipay_trade_query_response', {
          code: '10000',
          msg: 'Success',
          out_trade_no: o.orderNo,
          trade_no: o.tradeNo,
          trade_status: o.paid ? 'TRADE_SUCCESS' : 'WAIT_BUYER_PAY',
          total_amount: yuan(o.amountFen),
        });
      }
    }
    if (url.pathname === '/alipay/pay' && req.method === 'POST') {
      const status = await gateway.pay(url.searchParams.get('no') ?? '');
      res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
      return res.end(
        `<!doctype html><meta charset="utf-8"><p>${status === 200 ? '付款成功' : `通知失败 ${status}`}</p>`,
      );
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const gateway: FakePayGateway = {
    url: base,
    orders,
    notifyBase: null,
    env: {
      WECHATPAY_MCHID: mchId,
      WECHATPAY_APPID: 'wx8888888888888888',
      WECHATPAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHATPAY_PRIVATE_KEY: merchant.privateKey,
      WECHATPAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
      WECHATPAY_APIV3_KEY: apiV3Key,
      WECHATPAY_BASE_URL: base,
      ALIPAY_APP_ID: alipayAppId,
      ALIPAY_PRIVATE_KEY: app.privateKey,
      ALIPAY_PUBLIC_KEY: alipay.publicKey,
      ALIPAY_GATEWAY: `${base}/alipay/gateway.do`,
    },
    wechatNotification(orderNo, opts = {}) {
      const o = orders.get(orderNo);
      if (!o) throw new Error(`no order ${orderNo}`);
      const plain = JSON.stringify({
        ...transaction({ ...o, paid: true }),
        amount: { total: opts.amountFen ?? o.amountFen, currency: 'CNY' },
      });
      const nonce = randomBytes(6).toString('hex');
      const aad = 'transaction';
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
      cipher.setAAD(Buffer.from(aad));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString(
        'base64',
      );
      const body = JSON.stringify({
        id: `EV-${randomBytes(8).toString('hex')}`,
        create_time: new Date().toISOString(),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: {
          original_type: 'transaction',
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext,
          associated_data: aad,
          nonce,
        },
      });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const n = randomBytes(16).toString('hex');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'wechatpay-timestamp': timestamp,
          'wechatpay-nonce': n,
          'wechatpay-serial': 'PUB_KEY_ID_FAKE',
          'wechatpay-signature': sign(platform.privateKey, `${timestamp}\n${n}\n${body}\n`),
        },
      };
    },
    alipayNotification(orderNo, opts = {}) {
      const o = orders.get(orderNo);
      if (!o) throw new Error(`no order ${orderNo}`);
      const p: Record<string, string> = {
        notify_time: shanghaiNow(),
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(12).toString('hex'),
        app_id: alipayAppId,
        charset: 'utf-8',
        version: '1.0',
        trade_no: o.tradeNo,
        out_trade_no: o.orderNo,
        trade_status: 'TRADE_SUCCESS',
        total_amount: yuan(opts.amountFen ?? o.amountFen),
        gmt_payment: shanghaiNow(),
      };
      p.sign = sign(alipay.privateKey, alipayContent(p));
      p.sign_type = 'RSA2';
      return new URLSearchParams(p).toString();
    },
    async pay(orderNo, opts = {}) {
      const o = orders.get(orderNo);
      if (!o) return 404;
      o.paid = true;
      if (opts.notify === false) return 200;
      const n =
        o.channel === 'wechat'
          ? gateway.wechatNotification(orderNo)
          : {
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: gateway.alipayNotification(orderNo),
            };
      const target = gateway.notifyBase ? `${gateway.notifyBase}${new URL(o.notifyUrl).pathname}` : o.notifyUrl;
      const res = await fetch(target, { method: 'POST', headers: n.headers, body: n.body });
      return res.status;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return gateway;
}
