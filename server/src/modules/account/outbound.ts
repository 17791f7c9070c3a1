import {
  hostOf,
  joinUrl,
  operatorFetch,
  OutboundError as PlatformOutboundError,
  readText,
} from '../../platform/outbound';

/**
 * Outbound HTTP calls to the account module's providers (SMS, geetest, DingTalk): thin users of platform/outbound.ts.
 * Their addresses come from the environment (SMS_ENDPOINT, GEETEST_API, DINGTALK_API): the operator's choice, so
 * `operatorFetch` (no address policy; same timeouts). Failures are OutboundErrors in Chinese naming the host.
 */

export { joinUrl };

export class OutboundError extends Error {}

export interface OutboundResponse {
  status: number;
  text: string;
}

/** Fetches with a timeout; a network failure or timeout becomes an OutboundError saying so in Chinese. */
export async function send(url: string, init: RequestInit = {}, timeoutMs = 8000): Promise<OutboundResponse> {
  const started = performance.now();
  try {
    const res = await operatorFetch(url, {
      method: init.method,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: init.body as string | undefined,
      timeoutMs,
    });
    return { status: res.status, text: await readText(res, 1024 * 1024) };
  } catch (e) {
    if (!(e instanceof PlatformOutboundError) || e.kind !== 'network') throw new OutboundError((e as Error).message);
    if (performance.now() - started >= timeoutMs - 20) throw new OutboundError(`请求 ${hostOf(url)} 超时`);
    throw new OutboundError(`无法连接 ${hostOf(url) || url}`);
  }
}

/** As `send`, then parses the answer as JSON (any HTTP status: providers put their error in the body). */
export async function sendJson<T = any>(
  url: string,
  init: RequestInit = {},
  timeoutMs?: number,
): Promise<{ status: number; body: T }> {
  const res = await send(url, init, timeoutMs);
  try {
    return { status: res.status, body: JSON.parse(res.text) as T };
  } catch {
    throw new OutboundError(`${hostOf(url)} 返回了无法解析的内容（HTTP ${res.status}）`);
  }
}
