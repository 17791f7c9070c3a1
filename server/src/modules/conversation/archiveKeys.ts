import { Worker } from 'node:worker_threads';

/**
 * Opens messages' random keys (RSA-2048, PKCS#1 v1.5, base64) with the archive private key on a worker thread: one
 * private-key operation per message is the pull's main cost, and on the worker it runs while the main thread stores
 * the previous batch. One worker per process, started on first use and not keeping the process alive.
 */

const SOURCE = `
const { parentPort } = require('node:worker_threads');
const { constants, createPrivateKey, privateDecrypt } = require('node:crypto');
const keys = new Map();
parentPort.on('message', ({ id, pem, encrypted }) => {
  let key = keys.get(pem);
  if (!key) {
    key = createPrivateKey(pem);
    keys.clear();
    keys.set(pem, key);
  }
  const opened = encrypted.map((k) => {
    try {
      return privateDecrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(k, 'base64')).toString('latin1');
    } catch (e) {
      return { error: String(e && e.message) };
    }
  });
  parentPort.postMessage({ id, opened });
});`;

export type OpenedKey = string | { error: string };

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (v: OpenedKey[]) => void; reject: (e: Error) => void }>();

function theWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(SOURCE, { eval: true });
  w.unref();
  w.on('message', ({ id, opened }: { id: number; opened: OpenedKey[] }) => {
    waiting.get(id)?.resolve(opened);
    waiting.delete(id);
  });
  const fail = (e: Error) => {
    for (const p of waiting.values()) p.reject(e);
    waiting.clear();
    worker = null;
  };
  w.on('error', fail);
  w.on('exit', () => fail(new Error('archive key worker exited')));
  worker = w;
  return w;
}

/** The random keys of `encrypted`, in order; a key that does not open answers its error. */
export function openRandomKeys(pem: string, encrypted: string[]): Promise<OpenedKey[]> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    theWorker().postMessage({ id, pem, encrypted });
  });
}
