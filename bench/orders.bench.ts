// `npm run bench -- orders`: the money ledger and the order list at scale, on PostgreSQL (DATABASE_URL's server, or
// postgres://postgres@127.0.0.1:5432) in a fresh database crm_orders_bench:
//   ledger_charges_per_s  concurrent charges (ledger post, as chargeCall and every other debit use it) from a pool of
//                         20 connections against 50 organisations' balances, then a check that no entry was lost and
//                         every balance equals the sum of its entries (ledger_lost_entries, must be 0);
//   ledger_hot_charges_per_s  the same, every charge against one organisation's balance (one locked row);
//   list_p95_ms           the order list over 1,000,000 orders of one organisation (generated with generate_series):
//                         first pages for the admin and a seat, filtered by status, owner, amount, signing date,
//                         product, keyword, through the app's HTTP handler.
// BENCH_ORDERS_ROWS changes the number of orders; BENCH_ORDERS_CHARGES the number of charges.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { balanceOf, entrySum, post } from '../server/src/modules/billing/ledger';
import { appUser } from '../server/src/modules/org/schema';
import { createOrganization } from '../server/src/modules/org/service';
import { loadConfig } from '../server/src/platform/config';
import { openDatabase } from '../server/src/platform/db';
import { hashPassword } from '../server/src/platform/password';
import { freshDatabase } from './database';
import { load, percentile, report } from './report';

const G = 'orders';
const PASSWORD = 'bench@1234';

export default async function ordersBench(): Promise<void> {
  const url = await freshDatabase('crm_orders_bench');
  if (!url) {
    console.log('orders: PostgreSQL not reachable (set DATABASE_URL); skipped');
    return;
  }
  const rows = Number(process.env.BENCH_ORDERS_ROWS ?? 1_000_000);
  const charges = Number(process.env.BENCH_ORDERS_CHARGES ?? 20_000);
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'crm-bench-orders-')),
    LOG_LEVEL: 'warn',
    SEED: 'false',
  });
  const database = await openDatabase({ databaseUrl: url, dataDir: config.dataDir, poolSize: 20 });
  await database.migrate();
  const { app } = await buildApp(config, database, { logger: false, startJobs: false });
  const db = database.db;
  try {
    const hash = await hashPassword(PASSWORD);
    const tag = Date.now().toString(36);
    const orgs: Awaited<ReturnType<typeof createOrganization>>[] = [];
    for (let i = 0; i < 50; i++)
      orgs.push(
        await db.transaction((tx) =>
          createOrganization(tx, {
            name: `压测机构${tag}-${i}`,
            admin: { username: `bench_o_${tag}_${i}`, realName: '管理员', passwordHash: hash },
          }),
        ),
      );
    const main = orgs[0];
    const seatRole = main.roles.find((r) => r.roleSign === 'seat')!;
    const seats = await db
      .insert(appUser)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          organizationId: main.org.id,
          username: `bench_os_${tag}_${i}`,
          realName: `坐席${i}`,
          passwordHash: hash,
          roleId: seatRole.id,
          deptId: main.rootDept.id,
        })),
      )
      .returning();

    // ---- the ledger: concurrent charges, then the invariant
    const perOrg = Math.ceil(charges / orgs.length);
    for (const o of orgs) await post(db, o.org.id, { type: 'manual', amountFen: perOrg * 100, refKey: 'bench:credit' });
    const spread = await load(charges, 40, async (i) => {
      const r = await post(db, orgs[i % orgs.length].org.id, {
        type: 'call_fee',
        amountFen: -100,
        refKey: `charge:${i}`,
      });
      if (!r.ok) throw new Error('a charge within the balance was refused');
    });
    report(G, 'ledger_charges_per_s', spread.rps, '/s');
    report(G, 'ledger_charge_p95_ms', spread.p95, 'ms');
    const hot = orgs[1].org.id;
    const hotCharges = Math.min(charges, 5_000);
    await post(db, hot, { type: 'manual', amountFen: hotCharges * 100, refKey: 'bench:hot' });
    // twice as many charges as the balance pays: half must be refused, none may go below zero
    let hotAccepted = 0;
    const hotRun = await load(hotCharges * 2, 40, async (i) => {
      const r = await post(db, hot, { type: 'call_fee', amountFen: -100, refKey: `hot:${i}` });
      if (r.ok) hotAccepted++;
    });
    report(G, 'ledger_hot_charges_per_s', hotRun.rps, '/s');
    // every balance the sum of its entries and not below zero; every accepted charge has its entry, no more
    let lost = 0;
    for (const o of orgs) {
      const [balance, sum] = await Promise.all([balanceOf(db, o.org.id), entrySum(db, o.org.id)]);
      if (balance !== sum || balance < 0) lost++;
    }
    const count = async (like: string) =>
      Number(
        (await db.execute<{ n: number }>(sql`select count(*)::int as n from billing_entry where ref_key like ${like}`))
          .rows[0].n,
      );
    lost += Math.abs((await count('charge:%')) - charges);
    lost += Math.abs((await count('hot:%')) - hotAccepted);
    // the hot balance paid every charge it could and refused the rest: what is left is less than one charge
    if ((await balanceOf(db, hot)) >= 100) lost++;
    report(G, 'ledger_lost_entries', lost, 'entries');

    // ---- the order list over a million orders
    const t0 = performance.now();
    const owners = seats.map((s) => s.id);
    await db.execute(sql`
      insert into crm_product (organization_id, name, code, unit, price_fen, category)
      select ${main.org.id}, '产品' || g, 'P' || g, '套', 10000 + g * 100, '分类' || (g % 5) from generate_series(1, 50) g`);
    await db.execute(sql`
      insert into crm_order (organization_id, order_no, clue_id, customer_name, owner_id, dept_id, status, total_fen, paid_fen, product_names, signed_on, created_at, updated_at)
      select ${main.org.id},
        'DD' || to_char(date '2026-01-01' + (g % 330), 'YYYYMMDD') || lpad(g::text, 7, '0'),
        null, '客户' || g,
        (${sql.param(owners)}::int[])[1 + (g / 6) % ${owners.length}],
        ${main.rootDept.id},
        1 + g % 6,
        (g::bigint * 7919) % 5000000 + 100,
        0,
        '产品' || (1 + g % 50),
        date '2026-01-01' + (g % 330),
        timestamptz '2026-01-01' + (g || ' seconds')::interval * 28,
        now()
      from generate_series(1, ${rows}) g`);
    await db.execute(sql`
      insert into crm_order_line (organization_id, order_id, product_id, product_name, product_code, unit, quantity, unit_price_fen, discount_bp, line_total_fen)
      select o.organization_id, o.id, p.id, p.name, p.code, '套', 1, o.total_fen, 10000, o.total_fen
      from crm_order o join crm_product p on p.organization_id = o.organization_id and p.code = 'P' || (1 + o.id % 50)
      where o.organization_id = ${main.org.id}`);
    // as autovacuum leaves a table some time after a load: statistics and the visibility map
    await db.execute(sql`vacuum analyze crm_order`);
    await db.execute(sql`vacuum analyze crm_order_line`);
    console.log(`${G}: generated ${rows} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const login = async (account: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/backend/loginController/webLogin',
        payload: { account, password: PASSWORD },
      });
      const body = res.json();
      if (body.code !== 1) throw new Error(`login failed: ${body.msg}`);
      return body.data.token as string;
    };
    const adminToken = await login(main.admin.username);
    const seatToken = await login(seats[3].username);
    const [product] = (
      await db.execute<{ id: number }>(
        sql`select id from crm_product where organization_id = ${main.org.id} and code = 'P7'`,
      )
    ).rows;
    const lists: [string, object][] = [
      [adminToken, {}],
      [adminToken, { pageNum: 2 }],
      [adminToken, { status: 4 }],
      [adminToken, { ownerId: seats[5].id }],
      [adminToken, { minAmountFen: 100_000, maxAmountFen: 200_000 }],
      [adminToken, { startTime: '2026-03-01 00:00:00', endTime: '2026-03-31 23:59:59' }],
      [adminToken, { productId: product.id }],
      [adminToken, { keyword: 'DD2026030' }],
      [seatToken, {}],
      [seatToken, { status: 2 }],
    ].map(([token, body]) => [token as string, { pageNum: 1, pageSize: 20, ...(body as object) }]);
    const samples: number[] = [];
    for (let round = 0; round < 6; round++)
      for (const [token, body] of lists) {
        const t = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/robot/crmOrder/pagelist',
          payload: body,
          headers: { authorization: token },
        });
        const ms = performance.now() - t;
        if (res.json().code !== 1) throw new Error(`crmOrder/pagelist: ${res.json().msg}`);
        if (round > 0) samples.push(ms);
      }
    report(G, 'list_p95_ms', percentile(samples, 95), 'ms');
    report(G, 'list_p50_ms', percentile(samples, 50), 'ms');
  } finally {
    await app.close();
    await database.close?.();
  }
}
