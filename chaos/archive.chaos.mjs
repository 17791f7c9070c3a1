// kill -9 of the worker in the middle of a WeCom chat archive pull (the fake Finance SDK, compiled with gcc, each
// message with its own RSA-2048 key): a new worker resumes from the last stored seq; afterwards every message is
// stored exactly once, the seq is at the last one, and none is reported unreadable.
import assert from 'node:assert/strict';
import {
  archiveKeyPair,
  FakeFinance,
  hasGcc,
  textMessage,
} from '../server/src/modules/conversation/testing/fakeFinance.ts';
import { Api, eventually } from './lib/api.mjs';
import { startCluster } from './lib/cluster.mjs';

export default [
  {
    name: 'kill -9 of the worker in the middle of a WeCom chat archive pull',
    async run({ postgres, log }) {
      if (!hasGcc()) return { 'archive pull after kill -9': 'skipped: no gcc to compile the fake Finance SDK' };
      const db = 'crm_scale_chaos_archive';
      const total = 20_000;
      const keys = archiveKeyPair();
      const fake = new FakeFinance(keys.publicKey);
      for (let from = 0; from < total; from += 1000)
        fake.add(
          Array.from({ length: 1000 }, (_, k) => {
            const i = from + k;
            return textMessage(`c${i}`, `staff${i % 20}`, `wmc${i % 400}`, `消息 ${i}`, i % 2 === 0, 1714500000000 + i);
          }),
        );
      const cluster = await startCluster({
        databaseUrl: await postgres.createDatabase(db),
        api: 1,
        workers: ['conversation'],
        // each GetChatData takes a while: the pull lasts long enough to be killed in the middle
        env: { ...fake.env(), FAKE_FINANCE_DELAY_MS: '300' },
        name: 'archive',
      });
      const q = (sql, params = []) => postgres.query(sql, params, db);
      const stored = async () => (await q("select count(*)::int as n from chat_message where ext_id like 'wa:%'"))[0].n;
      try {
        const admin = await Api.login(cluster.apis[0].baseUrl, 'admin');
        await admin.ok(
          admin.post('/api/wecom/msg/saveArchiveConfig', {
            corpId: 'wwchaos',
            archiveSecret: 'chaos-archive-secret',
            privateKey: keys.privateKey,
            staffConsent: 1,
          }),
          'archive config',
        );
        // the sweep runs on the minute
        await eventually(async () => (await stored()) >= total * 0.2, {
          timeoutMs: 150_000,
          everyMs: 100,
          what: 'archive pull under way',
        });
        const victim = cluster.workers[0];
        victim.kill('SIGKILL');
        await victim.waitExit();
        const before = await stored();
        const [{ seq }] = await q('select last_seq::int as seq from chat_archive');
        log(`killed ${victim.name} with ${before} of ${total} messages stored, seq ${seq}`);
        assert.ok(before > 0 && before < total, 'killed in the middle');
        assert.equal(seq, before, 'the seq moved with the messages it covers');
        await cluster.add('worker', 'conversation');
        await eventually(async () => (await stored()) === total, {
          timeoutMs: 240_000,
          everyMs: 500,
          what: 'every message stored after the kill',
        });
        const [m] = await q(
          "select count(*)::int as n, count(distinct ext_id)::int as ids from chat_message where ext_id like 'wa:%'",
        );
        const [a] = await q('select last_seq::int as seq from chat_archive');
        const [f] = await q('select count(*)::int as n from chat_archive_failure');
        assert.deepEqual([m.n, m.ids, a.seq, f.n], [total, total, total, 0], 'every message once, seq at the end');
        return {
          'archive pull after kill -9': `${total} messages, 0 lost, 0 doubled (killed at ${Math.round((before / total) * 100)}%)`,
        };
      } finally {
        await cluster.stop();
      }
    },
  },
];
