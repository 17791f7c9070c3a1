import { contract } from '@crm/core/contract';
import { sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { beforeAll, describe, expect, it } from 'vitest';
import { addLead, openAi, STRONG_CALL, uploadCall, waitFor } from '../test/analysis';
import { type TestOrg, useTestApp } from '../test/harness';

/**
 * Every registered job queue, driven with a payload that names organisation A and the ids of organisation B's rows
 * (recording, lead, batch, pool, export record...): the handler runs and nothing of B changes (a checksum of B's rows
 * in every table with an organization_id), and no row of A comes to point at B's ids.
 *
 * A new queue needs its entry in PAYLOADS (the first test fails until it has one).
 */

/** B's rows whose ids the payloads name. */
interface ForeignIds {
  recordingId: number;
  analysisVersion: number;
  batchId: number;
  clueId: number;
  poolId: number;
  recordId: number;
  callId: string;
  orderNo: string;
}

type Entry =
  /** The payload names an organisation: it is given A's, with B's ids. */
  | { namesOrg: (orgA: number, b: ForeignIds) => object }
  /** The payload names only a row, which carries its organisation: the job must then act for that row's (B's) alone. */
  | { rowCarriesOrg: (b: ForeignIds) => object }
  /** A sweep of every organisation, with no ids in its payload: nothing to send another organisation's ids to. */
  | { everyOrg: string };

const PAYLOADS: Record<string, Entry> = {
  asr: { namesOrg: (orgId, b) => ({ orgId, recordingId: b.recordingId }) },
  'audio-metrics': { namesOrg: (orgId, b) => ({ orgId, recordingId: b.recordingId }) },
  analysis: {
    namesOrg: (orgId, b) => ({ orgId, recordingId: b.recordingId, version: b.analysisVersion, batchId: b.batchId }),
  },
  'insight.briefing': { namesOrg: (orgId, b) => ({ orgId, clueId: b.clueId }) },
  'assistant.backfill': { namesOrg: (orgId) => ({ orgId }) },
  'conversation.analyse': { namesOrg: (orgId, b) => ({ orgId, chatId: b.recordId }) },
  'conversation.voice': { namesOrg: (orgId, b) => ({ orgId, messageId: b.recordId }) },
  // the pull reads A's own archive settings and seq (none here: nothing is pulled)
  'conversation.archivePull': { namesOrg: (orgId) => ({ orgId }) },
  'conversation.archiveSweep': { everyOrg: 'queues the archive pull of every organisation whose archive is on' },
  // the call pipeline's consumers: each takes its event's payload (server/src/modules/*/events.ts)
  'analysis.learn': { namesOrg: (orgId, b) => ({ orgId, recordingId: b.recordingId }) },
  'analysis.transcript': { namesOrg: (orgId, b) => ({ orgId, recordingId: b.recordingId, savedAt: Date.now() }) },
  ...Object.fromEntries(
    [
      'analysis.lead',
      'analysis.messages',
      'quality.hits',
      'quality.sop',
      'quality.score',
      'insight.call',
      'assistant.index',
      'training.facets',
      'practice.lines',
    ].map((queue): [string, Entry] => [
      queue,
      { namesOrg: (orgId, b) => ({ orgId, recordingId: b.recordingId, version: b.analysisVersion }) },
    ]),
  ),
  ...Object.fromEntries(
    [
      'asr.removed',
      'analysis.removed',
      'quality.removed',
      'insight.removed',
      'assistant.removed',
      'training.removed',
      'practice.removed',
    ].map((queue): [string, Entry] => [queue, { namesOrg: (orgId, b) => ({ orgId, recordingIds: [b.recordingId] }) }]),
  ),
  'practice.expire': { namesOrg: (orgId, b) => ({ orgId, sessionId: b.recordingId }) },
  'guidance.expire': { namesOrg: (orgId, b) => ({ orgId, sessionId: b.recordingId }) },
  // a passed session of B's given as A's: the update is scoped by organisation, user and script
  'training.practiceDone': {
    namesOrg: (orgId, b) => ({
      orgId,
      userId: b.recordingId,
      scriptId: b.recordingId,
      sessionId: b.recordingId,
      passed: true,
      totalScore: 90,
    }),
  },
  'openapi.purgeNonces': { everyOrg: 'clears the nonces past their window in every organisation' },
  'pool.dropin': { namesOrg: (orgId, b) => ({ orgId, poolId: b.poolId }) },
  'clue.import': { rowCarriesOrg: (b) => ({ recordId: b.recordId }) },
  'clue.export': { rowCarriesOrg: (b) => ({ recordId: b.recordId }) },
  'quality.checkExport': { rowCarriesOrg: (b) => ({ recordId: b.recordId }) },
  'telephony.recording': { rowCarriesOrg: (b) => ({ callId: b.callId }) },
  'billing.rechargeQuery': { rowCarriesOrg: (b) => ({ orderNo: b.orderNo, attempt: 0 }) },
  'telephony.sweep': { everyOrg: 'ends the calls of every organisation left without events' },
  'stats.rollup': { everyOrg: 'refreshes the statistics of every organisation' },
  'stats.report': { everyOrg: 'sends the reports due in every organisation' },
  'boards.rollup': { everyOrg: 'refreshes the boards of every organisation' },
  'billing.seat_fees': { everyOrg: "charges every organisation's monthly seat fees" },
  'insight.reminderSweep': { everyOrg: 'raises the reminders due in every organisation' },
  'wecom.sync': { namesOrg: (orgId) => ({ orgId, kind: 'customer' }) },
  'wecom.event': {
    namesOrg: (orgId) => ({
      orgId,
      event: {
        Event: 'change_external_contact',
        ChangeType: 'del_external_contact',
        UserID: 'u',
        ExternalUserID: 'wm',
      },
    }),
  },
  // an entry id of B's range (any of B's ids): the job loads the entry by organisation and id together
  'knowledge.parse': { namesOrg: (orgId, b) => ({ orgId, entryId: b.recordingId }) },
  'wecom.nightly': { everyOrg: 'syncs the WeCom staff of every organisation whose integration is on' },
};

/** Columns that hold an id of one of B's rows, and which. */
const FOREIGN_COLUMNS: [column: string, id: (b: ForeignIds) => number][] = [
  ['recording_id', (b) => b.recordingId],
  ['clue_id', (b) => b.clueId],
  ['batch_id', (b) => b.batchId],
  ['pool_id', (b) => b.poolId],
];

describe('jobs: another organisation’s ids', () => {
  const t = useTestApp();
  let a: TestOrg;
  let b: TestOrg;
  let foreign: ForeignIds;
  let orgTables: { table: string; columns: string[] }[];

  const rows = async <T>(query: ReturnType<typeof sql>) => (await t().ctx.db.execute(query)).rows as T[];

  /** A checksum of each table's rows of the organisation. */
  async function checksums(orgId: number): Promise<Record<string, string>> {
    const sums: Record<string, string> = {};
    for (const { table } of orgTables) {
      const [r] = await rows<{ sum: string | null }>(
        sql`select md5(string_agg(t::text, '|' order by t::text)) as sum from ${sql.identifier(table)} t
            where organization_id = ${orgId}`,
      );
      sums[table] = r.sum ?? '';
    }
    return sums;
  }

  /** A's rows that name one of B's ids, as `table.column=id`. */
  async function aPointingAtB(): Promise<string[]> {
    const found: string[] = [];
    for (const { table, columns } of orgTables)
      for (const [column, idOf] of FOREIGN_COLUMNS) {
        if (!columns.includes(column)) continue;
        const [r] = await rows<{ n: number }>(
          sql`select count(*)::int as n from ${sql.identifier(table)}
              where organization_id = ${a.orgId} and ${sql.identifier(column)} = ${idOf(foreign)}`,
        );
        if (r.n) found.push(`${table}.${column}=${idOf(foreign)}`);
      }
    return found;
  }

  async function firstOfB<T>(table: string, column: string, fallback: T): Promise<T> {
    const [r] = await rows<{ v: T }>(
      sql`select ${sql.identifier(column)} as v from ${sql.identifier(table)}
          where organization_id = ${b.orgId} order by id limit 1`,
    );
    return r?.v ?? fallback;
  }

  beforeAll(async () => {
    [a, b] = [await t().newOrg(), await t().newOrg()];
    // B: a lead with an analysed call bound to it, analysed again (a batch), and a lead export (an export record)
    await openAi(t(), b.admin.token);
    const clueId = await addLead(t(), b.seat.token, '乙方客户');
    const recordingId = await uploadCall(t(), b.seat.token, STRONG_CALL, { clueId });
    await waitFor(t(), b.seat.token, recordingId);
    const again = await t().call(contract.analysis.reanalyse, { recordingId }, { token: b.manager.token });
    expect(again.code, again.msg).toBe(1);
    await waitFor(t(), b.seat.token, recordingId, (d) => d.version === 2 && d.analysisStatus === 3);
    const exported = await t().call(contract.clueImport.export, {}, { token: b.admin.token });
    expect(exported.code, exported.msg).toBe(1);
    // nothing of B runs in the background from here: each handler below runs alone
    await t().ctx.jobs.stop();

    const columns = await rows<{ table_name: string; column_name: string }>(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public'
          and table_name in (select table_name from information_schema.columns
                             where table_schema = 'public' and column_name = 'organization_id')`,
    );
    orgTables = [...new Set(columns.map((c) => c.table_name))].map((table) => ({
      table,
      columns: columns.filter((c) => c.table_name === table).map((c) => c.column_name),
    }));
    foreign = {
      recordingId,
      analysisVersion: 2,
      batchId: again.data.batchId,
      clueId,
      poolId: await firstOfB('public_sea_pool', 'id', 0),
      recordId: exported.data.recordId,
      callId: await firstOfB('call_record', 'call_id', 'no-call-of-b'),
      orderNo: await firstOfB('billing_recharge', 'order_no', 'no-order-of-b'),
    };
  }, 120_000);

  it('every registered queue has a payload here', () => {
    const names = t().ctx.jobs.queues.map((q) => q.name);
    expect(names.filter((n) => !PAYLOADS[n])).toEqual([]);
    expect(Object.keys(PAYLOADS).filter((n) => !names.includes(n))).toEqual([]);
  });

  it('no job given A with B’s ids changes B’s rows or points A’s rows at B’s', { timeout: 120_000 }, async () => {
    const crossed: string[] = [];
    for (const { name, handler } of t().ctx.jobs.queues) {
      const entry = PAYLOADS[name];
      if (!entry || 'everyOrg' in entry) continue;
      const data = 'namesOrg' in entry ? entry.namesOrg(a.orgId, foreign) : entry.rowCarriesOrg(foreign);
      // a payload naming A may touch only A's rows; one naming B's row may touch only B's
      const untouched = 'namesOrg' in entry ? b.orgId : a.orgId;
      const [before, pointing] = [await checksums(untouched), await aPointingAtB()];
      try {
        await handler(data, { id: `cross-${name}`, name, data } as Job<object>);
      } catch {
        // refusing the foreign ids is an answer too: what counts is what it wrote
      }
      const after = await checksums(untouched);
      for (const table of Object.keys(before))
        if (before[table] !== after[table]) crossed.push(`${name} changed ${table} of organisation ${untouched}`);
      for (const row of await aPointingAtB()) if (!pointing.includes(row)) crossed.push(`${name} left A's row ${row}`);
    }
    expect(crossed).toEqual([]);
  });
});
