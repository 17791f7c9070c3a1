import type { Call } from '@crm/core/contract';
import { ApiError, requestHeaders } from './client';
import { SERVICE_BASES } from './config';

/**
 * Sends a call answered as a stream of NDJSON events (practice's say, the assistant's chatStream) and hands each event
 * to `onEvent` as it arrives. A refusal before the stream (validation, a spent quota) arrives as the usual envelope
 * and throws ApiError with its message (`failure` when it has none).
 */
export async function streamCall<E extends { type: string }>(
  call: Call,
  input: unknown,
  onEvent: (e: E) => void,
  failure: string,
  signal?: AbortSignal,
): Promise<void> {
  const res = await fetch(`${SERVICE_BASES[call.base]}${call.path}`, {
    method: 'POST',
    headers: requestHeaders({ 'Content-Type': 'application/json' }),
    body: JSON.stringify(input),
    signal,
  });
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('ndjson') || !res.body) {
    const body = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
    throw new ApiError(Number(body?.code ?? 0), body?.msg || failure);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf('\n');
      if (!line) continue;
      // the server wrote it from the contract's event schema (zod is not bundled in the web app)
      const event = JSON.parse(line) as E;
      if (typeof event?.type === 'string') onEvent(event);
    }
  }
}
