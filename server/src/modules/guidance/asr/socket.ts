import WebSocket from 'ws';
import { joinUrl } from '../../../platform/outbound';

/**
 * Opens a WebSocket to an engine's address (set by the operator in the environment: trusted, but still parsed by the
 * outbound policy's joinUrl, which refuses credentials, `?` and `#` in it). Rejects with a Chinese message.
 */
export function openSocket(
  base: string,
  path: string,
  engine: string,
  headers: Record<string, string> = {},
): Promise<WebSocket> {
  let url: string;
  try {
    url = joinUrl(base, path);
  } catch (e) {
    return Promise.reject(new Error(`${engine} 地址不正确（${base}）：${(e as Error).message}`));
  }
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { handshakeTimeout: 10_000, headers });
    ws.once('open', () => {
      ws.removeAllListeners('error');
      resolve(ws);
    });
    ws.once('error', (e) => reject(new Error(`${engine} 实时识别服务无法连接：${e.message}`)));
  });
}
