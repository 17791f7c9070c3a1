/** Outbound HTTP calls to the account module's providers (SMS, geetest, DingTalk): a timeout and Chinese failures. */

export class OutboundError extends Error {}

export interface OutboundResponse {
  status: number;
  text: string;
}

/** Fetches with a timeout; a network failure or timeout becomes an OutboundError saying so in Chinese. */
export async function send(url: string, init: RequestInit = {}, timeoutMs = 8000): Promise<OutboundResponse> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const err = e as Error;
    if (err.name === 'TimeoutError' || err.name === 'AbortError') throw new OutboundError(`请求 ${hostOf(url)} 超时`);
    throw new OutboundError(`无法连接 ${hostOf(url)}`);
  }
  return { status: res.status, text: await res.text() };
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

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Joins a configured base URL (with or without a trailing slash) and a path. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
