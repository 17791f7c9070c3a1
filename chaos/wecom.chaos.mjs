// kill -9 of the worker in the middle of a WeCom customer sync (against the fake WeCom server): the job is taken over
// by a new worker, which resumes from the run's cursor; afterwards every contact and follow-up is there exactly once,
// none is marked removed, the leads are matched by remark mobile, and one run completed.
import assert from 'node:assert/strict';
import { startFakeWeCom } from '../server/src/modules/wecom/testing/fakeWecom.ts';
import { Api, eventually, R } from './lib/api.mjs';
import { startCluster } from './lib/cluster.mjs';

const W = '/api/wecom';

export default [
  {
    name: 'kill -9 of the worker in the middle of a WeCom customer sync',
    async run({ postgres, log }) {
      const db = 'crm_scale_chaos_wecom';
      const members = 300;
      const contacts = 30_000;
      const fake = await startFakeWeCom({
        corpId: 'wwchaos',
        agentSecret: 'chaos-agent-secret',
        members: Array.from({ length: members }, (_, i) => ({ userid: `m${i}`, name: `员工${i}`, department: [1] })),
        contacts: Array.from({ length: contacts }, (_, i) => ({
          external_userid: `wm${i}`,
          name: `客户${i}`,
          // every contact followed by its member, one in five by a second one too
          follow: [
            { userid: `m${i % members}`, remark_mobiles: i % 1000 === 0 ? [`166${String(i).padStart(8, '0')}`] : [] },
            ...(i % 5 === 0 ? [{ userid: `m${(i + 1) % members}` }] : []),
          ],
        })),
        // each answer takes a little while, as WeCom's do: the run lasts long enough to be killed in the middle
        delayMs: 15,
      });
      const follows = contacts + contacts / 5;
      const cluster = await startCluster({
        databaseUrl: await postgres.createDatabase(db),
        api: 1,
        workers: ['wecom'],
        name: 'wecom',
      });
      const q = (sql, params = []) => postgres.query(sql, params, db);
      try {
        const admin = await Api.login(cluster.apis[0].baseUrl, 'admin');
        // leads for the contacts with a remark mobile (every 1000th)
        for (let i = 0; i < contacts; i += 1000)
          await admin.ok(
            admin.post(`${R}/organizationClue/add`, {
              name: `企微线索${i}`,
              phone: `166${String(i).padStart(8, '0')}`,
            }),
            'lead',
          );
        await admin.ok(
          admin.post(`${W}/wecom/saveWeComConfig`, {
            corpId: 'wwchaos',
            agentId: '1000002',
            agentSecret: 'chaos-agent-secret',
            apiBaseUrl: fake.apiBase,
          }),
          'config',
        );
        await admin.ok(admin.post(`${W}/wecom/openWeComConfig`, { open: 1 }), 'open');
        const status = () => admin.ok(admin.post(`${W}/wecom/syncStatus`), 'status');
        await admin.ok(admin.post(`${W}/wecom/updateWeComUser`), 'staff sync');
        await eventually(async () => (await status()).user.status === 2, { timeoutMs: 120_000, what: 'staff synced' });

        await admin.ok(admin.post(`${W}/wecom/updateWeComCustom`), 'customer sync');
        const written = async () => (await q('select count(*)::int as n from wecom_follow'))[0].n;
        await eventually(async () => (await written()) >= follows * 0.2, {
          timeoutMs: 180_000,
          everyMs: 100,
          what: 'customer sync under way',
        });
        const victim = cluster.workers[0];
        victim.kill('SIGKILL');
        await victim.waitExit();
        const before = await written();
        log(`killed ${victim.name} with ${before} of ${follows} follow-ups written`);
        assert.ok(before > 0 && before < follows, 'killed in the middle');
        const [{ cursor }] = await q("select cursor from wecom_sync where kind = 'customer'");
        log(`cursor left: ${JSON.stringify(cursor).slice(0, 200)}`);
        await cluster.add('worker', 'wecom');
        const end = await eventually(
          async () => {
            const s = (await status()).customer;
            return s.status === 2 || s.status === 3 ? s : null;
          },
          { timeoutMs: 240_000, everyMs: 500, what: 'customer sync finished after the kill' },
        );
        assert.equal(end.status, 2, end.message);
        const [c] = await q(
          'select count(*)::int as n, count(distinct external_userid)::int as ids, count(clue_id)::int as bound from wecom_contact where removed_at is null',
        );
        const [f] = await q(
          "select count(*)::int as n, count(distinct external_userid || '/' || userid)::int as pairs, count(removed_at)::int as removed from wecom_follow",
        );
        assert.deepEqual([c.n, c.ids], [contacts, contacts], 'every contact once');
        assert.deepEqual([f.n, f.pairs, f.removed], [follows, follows, 0], 'every follow-up once, none removed');
        assert.equal(c.bound, contacts / 1000, 'contacts with a remark mobile bound to their lead');
        const runs = Object.values(cluster.jobsDone('wecom.sync')).reduce((a, b) => a + b, 0);
        assert.equal(runs, 2, 'the staff run and one customer run completed (the killed one did not)');
        return {
          'wecom sync after kill -9': `${contacts} contacts, ${follows} follow-ups, 0 doubled (killed at ${Math.round((before / follows) * 100)}%)`,
        };
      } finally {
        await cluster.stop();
        await fake.close();
      }
    },
  },
];
