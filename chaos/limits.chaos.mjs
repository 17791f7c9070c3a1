// Slow or huge clients cannot hold the server: headers dribbled byte by byte, a body that stops half-way, an idle
// connection and a body over the limit are all cut off, and the server keeps answering everyone else.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnServer } from '../scripts/lib/processes.mjs';

/** Opens a socket, runs `feed(socket)`, resolves with how long the server kept it and what it answered. */
function hold(port, feed) {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('close', () => resolve({ ms: Date.now() - started, answer: answer.split('\r\n')[0] }));
    socket.on('error', () => {});
    socket.on('connect', () => feed(socket));
  });
}

export default [
  {
    name: 'slow headers, a stalled body, an idle connection and a huge body are cut off',
    async run() {
      const dataDir = mkdtempSync(join(tmpdir(), 'crm-chaos-limits-'));
      const port = await freePort();
      const server = spawnServer({
        name: 'limits',
        port,
        env: {
          DATA_DIR: dataDir,
          SEED: 'false',
          LOG_LEVEL: 'warn',
          REQUEST_TIMEOUT_SECONDS: '4',
          CONNECTION_TIMEOUT_SECONDS: '3',
          BODY_LIMIT_MB: '1',
          WEB_DIST: join(dataDir, 'none'),
        },
      });
      try {
        await server.healthy(120_000);
        const slowHeaders = hold(port, (s) => {
          const text = 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ';
          let i = 0;
          const t = setInterval(
            () => (s.destroyed ? clearInterval(t) : s.write(i < text.length ? text[i++] : 'a')),
            200,
          );
        });
        const stalledBody = hold(port, (s) =>
          s.write(
            'POST /api/backend/loginController/webLogin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"account":',
          ),
        );
        const idle = hold(port, () => {});
        // meanwhile everyone else is served
        for (let i = 0; i < 5; i++) assert.equal((await fetch(`${server.baseUrl}/healthz`)).status, 200);
        const [a, b, c] = await Promise.all([slowHeaders, stalledBody, idle]);
        assert.ok(a.ms < 8000, `slow headers cut after ${a.ms} ms`);
        assert.ok(b.ms < 8000, `stalled body cut after ${b.ms} ms`);
        assert.ok(c.ms < 8000, `idle connection cut after ${c.ms} ms`);
        const huge = await fetch(`${server.baseUrl}/api/backend/loginController/webLogin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-support-features': 'standard-HTTP-status' },
          body: JSON.stringify({ account: 'a'.repeat(2 * 1024 * 1024), password: 'x' }),
        });
        assert.equal(huge.status, 413);
        assert.equal((await huge.json()).msg, '上传内容过大');
        return {
          'cut off after': `slow headers ${a.ms} ms (${a.answer || 'closed'}), stalled body ${b.ms} ms (${b.answer || 'closed'}), idle ${c.ms} ms; 2 MB body → 413`,
        };
      } finally {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  },
];
