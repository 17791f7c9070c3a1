// The file store fills up, then turns read-only, during uploads: a clear error, no partial file, nothing recorded;
// uploads work again once there is room. DATA_DIR/files is a tmpfs with about 3 MB free (needs root to mount;
// skipped otherwise).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnServer } from '../scripts/lib/processes.mjs';
import { Api, B, R } from './lib/api.mjs';
import { wav } from './lib/audio.mjs';

function filesUnder(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else out.push({ path: p, size: statSync(p).size });
  }
  return out;
}

export default [
  {
    name: 'full and read-only file store during upload: clear error, no partial file',
    async run({ log }) {
      const dataDir = mkdtempSync(join(tmpdir(), 'crm-chaos-disk-'));
      const files = join(dataDir, 'files');
      const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: join(dataDir, 'no-web') };
      // first start: the demo data (with its recordings) is seeded on the ordinary disk
      const seeding = spawnServer({ name: 'disk-seed', port: await freePort(), env });
      await seeding.healthy(180_000);
      await seeding.stop();
      // then the store moves onto a tmpfs with 2 MB to spare
      const seeded = filesUnder(files).reduce((a, f) => a + f.size, 0);
      const aside = join(dataDir, 'files-seeded');
      execFileSync('mv', [files, aside]);
      mkdirSync(files);
      try {
        execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${Math.ceil(seeded / 1048576) + 3}m`, 'tmpfs', files], {
          stdio: 'pipe',
        });
      } catch (err) {
        rmSync(dataDir, { recursive: true, force: true });
        log(`skipped: cannot mount a tmpfs here (${String(err.message).split('\n')[0]})`);
        return { 'full disk': 'skipped (no mount)' };
      }
      execFileSync('cp', ['-a', `${aside}/.`, files]);
      const server = spawnServer({ name: 'disk', port: await freePort(), env });
      try {
        await server.healthy(180_000);
        const seat = await Api.login(server.baseUrl, 'seat01');
        const total = async () =>
          (await seat.ok(seat.post(`${R}/recording/v1/pagelist`, { pageNum: 1, pageSize: 10 }), 'list')).total;
        const before = await total();
        const storedBefore = filesUnder(files);

        // 6 MB into a store with about 3 MB free
        const big = await seat.upload(`${B}/headset/uploadRecording`, { callType: 1 }, [
          { name: 'big.wav', data: wav(360) },
        ]);
        assert.equal(big.code, 503, JSON.stringify(big));
        assert.equal(big.msg, '服务器存储空间不足，文件未保存，请联系管理员');
        assert.deepEqual(filesUnder(files), storedBefore, 'no partial file left');
        assert.equal(await total(), before, 'no recording recorded');

        // room again: a small upload works (the failed one left nothing that takes space)
        const small = await seat.ok(
          seat.upload(`${B}/headset/uploadRecording`, { callType: 1 }, [{ name: 'small.wav', data: wav(5) }]),
          'small upload',
        );
        assert.ok(small.recordId);

        // read-only store
        execFileSync('mount', ['-o', 'remount,ro', files]);
        const ro = await seat.upload(`${B}/headset/uploadRecording`, { callType: 1 }, [
          { name: 'ro.wav', data: wav(3) },
        ]);
        assert.equal(ro.code, 503, JSON.stringify(ro));
        assert.equal(ro.msg, '服务器存储目录不可写，文件未保存，请联系管理员');
        assert.equal(await total(), before + 1);
        return { 'full / read-only store': `${big.msg} / ${ro.msg}` };
      } finally {
        await server.stop();
        try {
          execFileSync('umount', [files]);
        } catch {}
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  },
];
