import { randomBytes } from 'node:crypto';
import { ResultCode } from '@crm/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../seed';
import { type TestUser, useTestApp } from '../test/harness';
import { documentedOperations } from '../test/operations';

/**
 * Tenancy and data scope over every id-taking call, generated from the route table (the OpenAPI document), not
 * written call by call. Two demo organisations are seeded with every module's demo data. Then:
 * - the other organisation's administrator sends organisation A's ids in every id field of every call;
 * - a seat of A sends the ids of leads and recordings outside its data scope.
 * Neither may read the rows (no text that only those rows hold appears in an answer) nor change them (the rows
 * hash the same before and after).
 */

const ID_FIELD = /^(id|ids|[a-z]\w*Ids?)$/;
const DESCRIPTIVE =
  /^(name|real_name|company|content|remark|title|address|file_name|reply|contact|description|reason|text|summary)$/;

interface Operation {
  method: string;
  url: string;
  fields: { name: string; array: boolean }[];
}

interface Target {
  /** Tables (and the rows in them) that must stay unseen and unchanged. */
  where: Record<string, string>;
  ids: number[];
  /** Appended to the target rows' text: no answer may hold it. */
  marker: string;
}

describe('scope: every id-taking call refuses ids of another organisation and outside the data scope', () => {
  const t = useTestApp({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  const tag = randomBytes(3).toString('hex');
  const password = 'demo@1234';
  const ops: Operation[] = [];
  let orgA: number;

  const db = () => t().ctx.db;
  const rows = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) =>
    (await db().execute<T>(q)).rows as T[];

  /** Tables with an organisation column (and an integer id), from the database itself. */
  async function orgTables(): Promise<{ name: string; hasId: boolean; textColumns: string[] }[]> {
    const cols = await rows<{ table_name: string; column_name: string; data_type: string }>(
      sql`select table_name, column_name, data_type from information_schema.columns
          where table_schema = current_schema() and table_name in (
            select table_name from information_schema.columns
            where table_schema = current_schema() and column_name = 'organization_id')`,
    );
    const byTable = new Map<string, { name: string; hasId: boolean; textColumns: string[] }>();
    for (const c of cols) {
      const entry = byTable.get(c.table_name) ?? { name: c.table_name, hasId: false, textColumns: [] };
      if (c.column_name === 'id' && c.data_type === 'integer') entry.hasId = true;
      if (c.data_type === 'text' || c.data_type === 'character varying') entry.textColumns.push(c.column_name);
      byTable.set(c.table_name, entry);
    }
    return [...byTable.values()];
  }

  /** A hash of each table's rows under a condition: what "nothing changed" compares. */
  async function snapshot(where: Record<string, string>): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const [table, cond] of Object.entries(where)) {
      const [r] = await rows<{ h: string }>(
        sql.raw(
          `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${table}" t where ${cond}`,
        ),
      );
      out[table] = r.h;
    }
    return out;
  }

  /**
   * Appends a marker to the descriptive text of the target rows (names, contents, remarks…): an answer that holds
   * the marker has read one of them.
   */
  async function mark(where: Record<string, string>, marker: string): Promise<number> {
    let marked = 0;
    for (const tb of await orgTables()) {
      if (!where[tb.name]) continue;
      for (const c of tb.textColumns.filter((col) => DESCRIPTIVE.test(col))) {
        const res = await db()
          .execute(
            sql.raw(
              `update "${tb.name}" set "${c}" = "${c}" || '${marker}' where ${where[tb.name]} and coalesce("${c}", '') <> ''`,
            ),
          )
          .catch(() => null); // a column too short for the marker stays as it is
        marked += Number(
          (res as { affectedRows?: number; rowCount?: number } | null)?.affectedRows ??
            (res as { rowCount?: number } | null)?.rowCount ??
            0,
        );
      }
    }
    return marked;
  }

  async function walk(caller: TestUser, target: Target) {
    expect(await mark(target.where, target.marker)).toBeGreaterThan(10);
    const before = await snapshot(target.where);
    const leaks: string[] = [];
    let token = caller.token;
    for (const op of ops)
      for (const field of op.fields) {
        const values: unknown[] = field.array ? [target.ids.slice(0, 100)] : target.ids;
        for (const value of values) {
          const send = () =>
            op.method === 'GET'
              ? t().request('GET', op.url, undefined, { token, query: { [field.name]: String(value) } })
              : t().request(op.method, op.url, { [field.name]: value }, { token });
          let res = await send();
          if (res.code === ResultCode.LOGIN_EXPIRED || res.code === ResultCode.INVALID_TOKEN) {
            token = (await t().login(caller.username, password)).token;
            res = await send();
          }
          if (res.raw.includes(target.marker))
            leaks.push(`${op.method} ${op.url} ${field.name}=${JSON.stringify(value)}`);
        }
      }
    expect(leaks).toEqual([]);
    expect(await snapshot(target.where)).toEqual(before);
  }

  beforeAll(async () => {
    for (const op of await documentedOperations(t().built.app)) {
      const fields = [
        ...Object.entries(op.body?.properties ?? {}).map(([name, s]) => ({ name, array: s.type === 'array' })),
        ...op.query.map((name) => ({ name, array: false })),
      ].filter((f) => ID_FIELD.test(f.name));
      if (fields.length) ops.push({ method: op.method, url: op.url, fields });
    }
    const { demo } = await seedDemo(t().ctx, { password, admin1: `ta_${tag}`, admin2: `tb_${tag}`, tag });
    orgA = demo[0].orgId;
    // The demo recordings' jobs (metrics, transcription) finish first, then the queue stops: what changes A's rows
    // afterwards can only be a call.
    const schema = t().ctx.config.jobsSchema;
    for (let i = 0; i < 300; i++) {
      const [q] = await rows<{ n: number }>(
        sql.raw(`select count(*)::int as n from "${schema}".job where state in ('created', 'retry', 'active')`),
      );
      if (Number(q.n) === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await t().ctx.jobs.stop();
  }, 180_000);

  it('walks the id-taking calls of every module', () => {
    expect(ops.length).toBeGreaterThan(80);
  });

  it("another organisation's ids: nothing read, nothing changed", { timeout: 600_000 }, async () => {
    const tables = await orgTables();
    const ids = new Set<number>();
    for (const tb of tables.filter((x) => x.hasId)) {
      const found = await rows<{ id: number }>(
        sql.raw(`select id from "${tb.name}" where organization_id = ${orgA} order by id limit 2`),
      );
      for (const r of found) ids.add(r.id);
    }
    const where = Object.fromEntries(tables.map((tb) => [tb.name, `organization_id = ${orgA}`]));
    const admin = await t().login(`tb_${tag}`, password);
    await walk(admin, { where, ids: [...ids], marker: `ⓐ${tag}` });
  });

  it("a seat's ids outside its data scope: nothing read, nothing changed", { timeout: 600_000 }, async () => {
    const [seat] = await rows<{ id: number; username: string }>(
      sql.raw(`select id, username from app_user where organization_id = ${orgA} and username like 'seat01_%'`),
    );
    const theirs = `organization_id = ${orgA} and owner_id <> ${seat.id} and not (${seat.id} = any(collaborator_ids))`;
    const leadIds = await rows<{ id: number }>(sql.raw(`select id from clue where ${theirs} order by id limit 20`));
    const recIds = await rows<{ id: number }>(
      sql.raw(
        `select id from recording where organization_id = ${orgA} and owner_user_id <> ${seat.id} order by id limit 20`,
      ),
    );
    const user = await t().login(seat.username, password);
    await walk(user, {
      where: { clue: theirs, recording: `organization_id = ${orgA} and owner_user_id <> ${seat.id}` },
      ids: [...new Set([...leadIds, ...recIds].map((r) => r.id))],
      marker: `ⓢ${tag}`,
    });
  });
});
