import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Answers a call as a stream of NDJSON lines (one JSON event a line, sent as written: no proxy buffering). `produce`
 * writes the events through `emit`; the stream ends when it settles (it reports its own failures as an event).
 */
export function sendNdjson<E>(reply: FastifyReply, produce: (emit: (e: E) => void) => Promise<unknown>) {
  const out = new PassThrough();
  const emit = (e: E) => out.write(`${JSON.stringify(e)}\n`);
  void produce(emit).finally(() => out.end());
  return reply
    .header('content-type', 'application/x-ndjson; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('x-accel-buffering', 'no')
    .send(out);
}
