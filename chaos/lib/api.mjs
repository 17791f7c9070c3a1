// A small client of the product's API for the chaos tests and the load benchmark: the envelope, the token, uploads.
export const B = '/api/backend';
export const R = '/api/robot';
export const A = '/api/analysis';

export class Api {
  constructor(baseUrl, token = null) {
    this.baseUrl = baseUrl;
    this.token = token;
  }

  /** Signs in on this process: a client holding the access token (and the refresh token in `.refreshToken`). */
  static async login(baseUrl, account, password = 'admin@123') {
    const api = new Api(baseUrl);
    const res = await api.post(`${B}/loginController/webLogin`, { account, password });
    if (res.code !== 1) throw new Error(`sign-in of ${account} on ${baseUrl}: ${res.code} ${res.msg}`);
    api.token = res.data.token;
    api.refreshToken = res.data.refreshToken;
    return api;
  }

  /** The same session on another process. */
  on(baseUrl) {
    const other = new Api(baseUrl, this.token);
    other.refreshToken = this.refreshToken;
    return other;
  }

  headers(extra = {}) {
    return { ...(this.token ? { authorization: this.token } : {}), ...extra };
  }

  async post(path, body = {}, { timeoutMs = 30_000 } = {}) {
    const res = await fetch(this.baseUrl + path, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return res.json();
  }

  async get(path, query = {}, { timeoutMs = 30_000 } = {}) {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    const res = await fetch(`${this.baseUrl}${path}${qs ? `?${qs}` : ''}`, {
      headers: this.headers(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return res.json();
  }

  /** multipart/form-data: text fields and files ({ name, data: Buffer, field = 'file' }). */
  async upload(path, fields, files, { timeoutMs = 120_000 } = {}) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, String(v));
    for (const f of files) form.append(f.field ?? 'file', new Blob([f.data]), f.name);
    const res = await fetch(this.baseUrl + path, {
      method: 'POST',
      headers: this.headers(),
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return res.json();
  }

  /** Throws unless the envelope says success; the data. */
  async ok(promise, what) {
    const res = await promise;
    if (res?.code !== 1) throw new Error(`${what}: ${res?.code} ${res?.msg}`);
    return res.data;
  }
}

/** Polls `check` (an async function returning a truthy value when done) every `everyMs`; its value, or throws. */
export async function eventually(check, { timeoutMs = 60_000, everyMs = 300, what = 'condition' } = {}) {
  const end = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      last = await check();
      if (last) return last;
    } catch (err) {
      last = err;
    }
    if (Date.now() > end)
      throw new Error(
        `${what} not reached in ${timeoutMs} ms (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`,
      );
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
