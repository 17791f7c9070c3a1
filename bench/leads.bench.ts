// `npm run bench -- leads`: the lead list at scale. It generates its own data: on PostgreSQL a fresh database
// crm_bench_leads (DATABASE_URL's server, or postgres://postgres@127.0.0.1:5432) with 1,000,000 leads in one
// organisation (server-side generate_series); on PGlite (a temporary DATA_DIR) 100,000 leads. Then it measures over
// the app's HTTP handlers (in-process inject, with real sign-in tokens):
//   list_p95_ms      a filtered, sorted page of 20 (admin and seat scopes, several filters and sorts, custom-field filters)
//   search_p95_ms    keyword search by phone (prefix and full) and by name/company
//   import_rows_per_s  import of a generated 100,000-row .xlsx (the streaming job: parse, validate, dedupe, insert)
// BENCH_LEADS_DB=pglite|postgres runs one; BENCH_LEADS_PG_ROWS / BENCH_LEADS_PGLITE_ROWS / BENCH_LEADS_IMPORT_ROWS
// change the sizes.
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { buildApp } from '../server/src/app';
import { clueImportRecord } from '../server/src/modules/clueImport/schema';
import { appUser, department } from '../server/src/modules/org/schema';
import { createOrganization } from '../server/src/modules/org/service';
import { loadConfig } from '../server/src/platform/config';
import { openDatabase } from '../server/src/platform/db';
import { hashPassword } from '../server/src/platform/password';
import { freshDatabase } from './database';
import { percentile, report } from './report';

const G = 'leads';
const PASSWORD = 'bench@1234';

export default async function leadsBench(): Promise<void> {
  const only = process.env.BENCH_LEADS_DB;
  if (only !== 'postgres') await run('pglite', undefined, Number(process.env.BENCH_LEADS_PGLITE_ROWS ?? 100_000));
  if (only === 'pglite') return;
  const url = await freshDatabase('crm_bench_leads');
  if (url) await run('postgres', url, Number(process.env.BENCH_LEADS_PG_ROWS ?? 1_000_000));
  else console.log('leads: PostgreSQL not reachable (set DATABASE_URL); postgres figures skipped');
}

async function run(kind: 'pglite' | 'postgres', databaseUrl: string | undefined, rows: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), `crm-bench-leads-${kind}-`));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl ?? '',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED: 'false',
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 10 });
  await database.migrate();
  const built = await buildApp(config, database, { logger: false, startJobs: false });
  const { app, ctx } = built;
  try {
    const db = database.db;
    const hash = await hashPassword(PASSWORD);
    const tag = Date.now().toString(36);
    const org = await db.transaction(async (tx) => {
      const { org, rootDept, roles, admin } = await createOrganization(tx, {
        name: `压测机构${tag}`,
        admin: { username: `bench_admin_${tag}`, realName: '管理员', passwordHash: hash },
      });
      const depts = await tx
        .insert(department)
        .values([1, 2].map((i) => ({ organizationId: org.id, parentId: rootDept.id, name: `销售${i}部` })))
        .returning();
      const seatRole = roles.find((r) => r.roleSign === 'seat')!;
      const seats = await tx
        .insert(appUser)
        .values(
          Array.from({ length: 20 }, (_, i) => ({
            organizationId: org.id,
            username: `bench_seat_${tag}_${i}`,
            realName: `坐席${i}`,
            passwordHash: hash,
            roleId: seatRole.id,
            deptId: depts[i % 2].id,
          })),
        )
        .returning();
      return { id: org.id, admin: admin.username, seats: seats.map((s) => ({ id: s.id, username: s.username })) };
    });
    await ctx.services.clueField.seedDefaults(org.id);
    const statuses = await ctx.services.clueField.dict(org.id, 'followStatus');
    const channels = await ctx.services.clueField.dict(org.id, 'channelSource');
    // a select field: 高/中/低 spread evenly, 重点 on one lead in a thousand (a selective custom filter)
    const intent = await ctx.services.clueField.addField(org.id, 2, {
      fieldLabel: '意向等级',
      fieldType: 6,
      groupList: ['高', '中', '低', '重点'].map((fieldLabel) => ({ fieldLabel })),
    });

    const t0 = performance.now();
    await generate(
      db,
      org.id,
      org.seats.map((s) => s.id),
      rows,
      statuses.map((s) => s.id),
      channels.map((c) => c.id),
      intent.fieldName,
    );
    console.log(`${G}: ${kind}: generated ${rows} leads in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

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
    const adminToken = await login(org.admin);
    const seatToken = await login(org.seats[3].username);
    const call = async (token: string, url: string, payload: unknown) => {
      const t = performance.now();
      const res = await app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: { authorization: token },
      });
      const ms = performance.now() - t;
      const body = res.json();
      if (body.code !== 1) throw new Error(`${url}: ${body.msg}`);
      return ms;
    };
    const L = '/api/robot/organizationClue/list';
    const lists: [string, object][] = [
      [adminToken, { pageNum: 1, pageSize: 20 }],
      [adminToken, { pageNum: 3, pageSize: 20, stages: [2, 3], sortField: 'lastFollowTime', sortOrder: 'desc' }],
      [
        adminToken,
        { pageNum: 1, pageSize: 20, callStatus: [2], followStatusIds: [statuses[1].id], sortField: 'updatedAt' },
      ],
      [adminToken, { pageNum: 1, pageSize: 20, createTime: '近30天', sortField: 'id', sortOrder: 'desc' }],
      [adminToken, { pageNum: 1, pageSize: 20, nextFollowTime: '超时', sortField: 'nextFollowTime', sortOrder: 'asc' }],
      [adminToken, { pageNum: 1, pageSize: 20, ownerIds: [org.seats[5].id], type: 2 }],
      [adminToken, { pageNum: 1, pageSize: 20, channelSourceIds: [channels[0].id], sortField: 'lastCallTime' }],
      [adminToken, { pageNum: 1, pageSize: 20, customFilters: [{ fieldName: intent.fieldName, value: ['重点'] }] }],
      [
        adminToken,
        {
          pageNum: 1,
          pageSize: 20,
          customFilters: [{ fieldName: intent.fieldName, value: ['高'] }],
          sortField: 'updatedAt',
        },
      ],
      [seatToken, { pageNum: 1, pageSize: 20 }],
      [seatToken, { pageNum: 2, pageSize: 20, stages: [1, 4], sortField: 'nextFollowTime', sortOrder: 'asc' }],
    ];
    for (const [tok, body] of lists) await call(tok, L, body); // warm
    const listMs: number[] = [];
    const per = lists.map(() => [] as number[]);
    for (let i = 0; i < 20; i++)
      for (const [j, [tok, body]] of lists.entries()) {
        const ms = await call(tok, L, body);
        listMs.push(ms);
        per[j].push(ms);
      }
    if (process.env.BENCH_VERBOSE)
      for (const [j, [, b]] of lists.entries())
        console.log(`  list ${JSON.stringify(b)} p50 ${percentile(per[j], 50).toFixed(1)} ms`);
    report(G, `${kind}.list_p95_ms`, percentile(listMs, 95), 'ms');

    const samples = await db.execute<{ phone: string; name: string; company: string }>(
      sql`select phone, name, company from clue where organization_id = ${org.id} order by random() limit 40`,
    );
    const searches: object[] = [];
    for (const s of samples.rows) {
      searches.push(
        { keyword: s.phone.slice(0, 7) },
        { keyword: s.phone },
        { keyword: s.name },
        { keyword: s.company.slice(2, 6) || s.name },
      );
    }
    for (const b of searches.slice(0, 8)) await call(adminToken, L, { pageNum: 1, pageSize: 20, ...b });
    const searchMs: number[] = [];
    for (const b of searches) searchMs.push(await call(adminToken, L, { pageNum: 1, pageSize: 20, ...b }));
    for (const b of searches.slice(0, 40)) searchMs.push(await call(seatToken, L, { pageNum: 1, pageSize: 20, ...b }));
    if (process.env.BENCH_VERBOSE)
      ['phone prefix', 'full phone', 'name', 'company part'].forEach((k, j) => {
        const xs = searchMs.filter((_, i) => i < searches.length && i % 4 === j);
        console.log(`  search ${k} p50 ${percentile(xs, 50).toFixed(1)} ms p95 ${percentile(xs, 95).toFixed(1)} ms`);
      });
    report(G, `${kind}.search_p95_ms`, percentile(searchMs, 95), 'ms');

    // import of a generated sheet
    const importRows = Number(process.env.BENCH_LEADS_IMPORT_ROWS ?? 100_000);
    const file = join(dataDir, 'import.xlsx');
    await writeSheet(file, importRows);
    const key = `bench/${tag}.xlsx`;
    const { createReadStream } = await import('node:fs');
    await ctx.storage.put(key, createReadStream(file));
    const [rec] = await db
      .insert(clueImportRecord)
      .values({
        organizationId: org.id,
        userId: org.seats[0].id,
        kind: 1,
        fileName: 'import.xlsx',
        fileKey: key,
        fileSize: statSync(file).size,
        status: 1,
        options: {
          mapping: { '0': 'name', '1': 'phone', '2': 'company', '3': 'stage', '4': 'remark' },
          ownerId: org.seats[0].id,
          clueType: 1,
          visibleUserIds: null,
        },
      })
      .returning();
    const t1 = performance.now();
    await ctx.services.clueImport.runImport(rec.id);
    const secs = (performance.now() - t1) / 1000;
    const [done] = await db.select().from(clueImportRecord).where(sql`id = ${rec.id}`);
    if (done.status !== 2) throw new Error(`import failed: ${done.error}`);
    console.log(
      `${G}: ${kind}: imported ${done.imported}, duplicate ${done.duplicate}, invalid ${done.invalid} of ${importRows} rows in ${secs.toFixed(1)} s`,
    );
    report(G, `${kind}.import_rows_per_s`, importRows / secs, 'rows/s');
  } finally {
    await built.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Server-side generation: names, companies, phones, owners and states from generate_series, in chunks. */
export async function generate(
  db: any,
  orgId: number,
  owners: number[],
  total: number,
  statuses: number[],
  channels: number[],
  intentField: string,
) {
  const chunk = 100_000;
  for (let start = 0; start < total; start += chunk) {
    const n = Math.min(chunk, total - start);
    await db.execute(sql`
      with src as (
        select g,
          (string_to_array('王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾萧田董潘袁蔡蒋余于杜叶程魏苏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤', null))[1 + (hashint4(g) & 127) % 100] as s,
          (string_to_array('伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚华玉萍红娥玲芬燕彬鹏辉宇浩凯健俊帆帅旭宁婷雪琳晨欣怡佳琪梓涵轩雨泽思远嘉', null))[1 + (hashint4(g + 7) & 63) % 56] as n1,
          (string_to_array('伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚华玉萍红娥玲芬燕彬鹏辉宇浩凯健俊帆帅旭宁婷雪琳晨欣怡佳琪梓涵轩雨泽思远嘉', null))[1 + (hashint4(g + 13) & 63) % 56] as n2,
          (string_to_array('北京,上海,广州,深圳,杭州,成都,武汉,南京,苏州,西安,重庆,长沙,青岛,厦门,合肥,天津', ','))[1 + (hashint4(g + 3) & 15)] as city,
          (string_to_array('华锦新恒博瑞盛嘉远泰宏安达信创源', null))[1 + (hashint4(g + 5) & 15)] as w1,
          (string_to_array('科技,教育,贸易,文化传媒,信息技术,建材,家居,餐饮管理,物流,医疗器械,电子商务,咨询,食品,服饰,汽车服务,印刷', ','))[1 + (hashint4(g + 11) & 15)] as trade
        from generate_series(${start + 1}::int, ${start + n}::int) g
      ), named as (
        select g, s || n1 || case when g % 3 = 0 then '' else n2 end as name, city || w1 || trade || '有限公司' as company from src
      )
      insert into clue (organization_id, type, name, company, phone, owner_id, channel_source_id, import_way, call_status, call_count,
        last_call_time, last_call_duration, stage, gender, tag_ids, follow_status_id, search_grams, next_follow_time, last_follow_time,
        created_at, updated_at, custom)
      select ${orgId}::int, 1 + (g % 3 = 0)::int, name, company,
        (array['138','139','137','136','135','150','151','152','158','159','186','187','188','177','199'])[1 + g % 15] || lpad(((hashint4(g) & 2147483647) % 100000000)::text, 8, '0'),
        (${`{${owners.join(',')}}`}::int[])[1 + g % ${owners.length}::int],
        (${`{${channels.join(',')}}`}::int[])[1 + g % ${channels.length}::int],
        1 + g % 9, (array[1,2,3])[1 + g % 3], g % 5, now() - (g % 400) * interval '1 day', (g * 7) % 900, 1 + g % 9, 1 + g % 2,
        '{}'::int[], (${`{${statuses.join(',')}}`}::int[])[1 + g % ${statuses.length}::int],
        array(select distinct x from (
          select lower(substr(t, i, k)) as x from (values (name), (company)) v(t), generate_series(1, char_length(t)) i, (values (1), (2)) kk(k)
          where i + k - 1 <= char_length(t)) grams),
        case when g % 2 = 0 then now() + ((g % 60) - 30) * interval '1 day' end,
        case when g % 4 <> 0 then now() - (g % 200) * interval '1 hour' end,
        now() - (${total}::int - g) * interval '20 second', now() - (g % 1000) * interval '1 minute',
        jsonb_build_object(${intentField}::text, case when g % 1000 = 7 then '重点' else (array['高','中','低'])[1 + g % 3] end)
      from named`);
  }
  // a table that has been in use is vacuumed: measure that state, not autovacuum's first pass over fresh rows
  await db.execute(sql`vacuum (analyze) clue`);
}

/** A 100,000-row sheet (streaming writer): names, fresh phones, companies, stages, remarks; a few bad rows. */
async function writeSheet(path: string, rows: number) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: createWriteStream(path),
    useStyles: false,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet('线索');
  ws.addRow(['客户名称', '手机号', '公司名称', '客户阶段', '备注']).commit();
  const stages = ['待跟进', '有效', '已邀约', '已到访'];
  for (let i = 0; i < rows; i++) {
    const phone = i % 1000 === 999 ? 'bad' : `166${String(10_000_000 + i).slice(-8)}`;
    ws.addRow([`导入客户${i}`, phone, `杭州导入${i % 500}科技有限公司`, stages[i % 4], '展会名单']).commit();
  }
  ws.commit();
  await wb.commit();
}
