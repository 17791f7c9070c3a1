// `npm run bench -- conversation`: the call analyser on a 100-message chat (p95 of analyseChat: the chat turned into
// a transcript, analysed, key moments found), and full-text search over BENCH_CONVERSATION_MESSAGES messages (default
// 2,000,000) of one organisation on PostgreSQL: 50 seats with 40 chats each, searched within one seat's scope for a
// mix of rare and common words, with the exact count of the matches (ChatSearch.search, which counts, and .count).
// And the WeCom archive pull from the fake Finance SDK (compiled with gcc): BENCH_ARCHIVE_MESSAGES (default 5,000)
// messages over 50 chats, each with its own RSA-2048 random key, pulled and stored (conversation.messages_per_s).

import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { analyseChat, type ChatLine } from '../server/src/modules/conversation/analysisModel';
import { ArchivePull } from '../server/src/modules/conversation/archivePull';
import { saveArchive } from '../server/src/modules/conversation/archiveSettings';
import { ChatReader } from '../server/src/modules/conversation/chats';
import { chat, chatAccount, chatContact } from '../server/src/modules/conversation/schema';
import { ChatSearch } from '../server/src/modules/conversation/search';
import { ChatStore, messageTokens } from '../server/src/modules/conversation/store';
import {
  archiveKeyPair,
  FakeFinance,
  hasGcc,
  textMessage,
} from '../server/src/modules/conversation/testing/fakeFinance';
import { openDatabase } from '../server/src/platform/db';
import { useSecretsKey } from '../server/src/platform/secrets';
import { dropDatabase, freshDatabase } from './database';
import { percentile, report } from './report';

const ORG = 1;
const SEATS = 50;
const CHATS_PER_SEAT = 40;

const CUSTOMER = [
  '你好，这个课程一学期多少钱？',
  '有没有优惠活动',
  '我再考虑一下，和家里人商量商量',
  '别家比你们便宜五百块',
  '周六上午十点我带孩子过来试听',
  '不需要了，谢谢',
  '上次说的资料发我一下',
  '你们的老师都是什么学历',
  '可以分期付款吗',
  '地址发我，我明天下午过去看看',
];
const STAFF = [
  '您好，我是学而思的李老师',
  '这学期的费用是六千八，现在报名送两节课',
  '好的，我把课程大纲发您微信',
  '我们的老师都是师范院校毕业，有教师资格证',
  '可以的，支持十二期免息分期',
  '那我帮您约周六上午十点的试听课',
  '您考虑好了随时联系我',
  '我们和别家不一样，是小班教学',
];

function chatLines(n: number, seed: number): ChatLine[] {
  const t0 = Date.UTC(2024, 2, 1, 2, 0, 0);
  return Array.from({ length: n }, (_, i) => {
    const staff = i % 2 === 0;
    const list = staff ? STAFF : CUSTOMER;
    return {
      id: i + 1,
      fromStaff: staff,
      sentAt: new Date(t0 + i * 37_000),
      type: 'text',
      content: list[(i * 7 + seed) % list.length],
      transcript: null,
    };
  });
}

function analysisBench() {
  const samples: number[] = [];
  for (let i = 0; i < 200; i++) {
    const lines = chatLines(100, i);
    const t = performance.now();
    analyseChat(lines);
    samples.push(performance.now() - t);
  }
  report('conversation', 'analysis_p50_ms', percentile(samples.slice(20), 50), 'ms');
  report(
    'conversation',
    'analysis_p95_ms',
    percentile(samples.slice(20), 95),
    'ms (100-message chat, built-in analyser)',
  );
}

/** Rare words: a product code once in a while, a city; common ones: 多少钱, 试听. */
const RARE = ['赛博朋克课', '鄂尔多斯', '量子力学班'];

async function searchBench() {
  const total = Number(process.env.BENCH_CONVERSATION_MESSAGES ?? 2_000_000);
  const url = await freshDatabase('bench_conversation');
  if (!url) {
    console.log('conversation: no PostgreSQL answers; search skipped');
    return;
  }
  const database = await openDatabase({ databaseUrl: url, dataDir: '/tmp', poolSize: 5 });
  await database.migrate();
  const db = database.db;
  try {
    // seats' accounts, contacts and chats
    const chatIds: number[] = [];
    for (let u = 1; u <= SEATS; u++) {
      const [acc] = await db
        .insert(chatAccount)
        .values({ organizationId: ORG, channel: 2, wxid: `staff${u}`, nickname: `员工${u}`, userId: u })
        .returning();
      for (let c = 0; c < CHATS_PER_SEAT; c++) {
        const [ct] = await db
          .insert(chatContact)
          .values({ organizationId: ORG, channel: 2, wxid: `c${u}_${c}`, nickname: `客户${u}_${c}`, importWay: 10 })
          .returning();
        const [row] = await db
          .insert(chat)
          .values({ organizationId: ORG, channel: 2, accountId: acc.id, contactId: ct.id, ownerUserId: u })
          .returning();
        chatIds.push(row.id);
      }
    }
    // messages: the tokens of each distinct text once (jieba), rows generated in SQL batches
    const texts = [...CUSTOMER, ...STAFF];
    const withRare = texts.map((t, i) => `${t} ${RARE[i % RARE.length]}`);
    const all = [...texts, ...withRare];
    const tokens = all.map((t) => messageTokens({ type: 'text', content: t, transcript: null, mediaName: null }));
    const started = performance.now();
    const BATCH = 100_000;
    for (let from = 0; from < total; from += BATCH) {
      const n = Math.min(BATCH, total - from);
      // one message in 500 carries a rare word
      await db.execute(sql`
        insert into chat_message (organization_id, chat_id, ext_id, from_staff, sender, sent_at, type, content, tokens)
        select ${ORG}, (${sql.param(chatIds)}::int[])[1 + (g % ${chatIds.length})], 'b' || g, g % 2 = 0, '员工',
               timestamptz '2024-01-01' + (g || ' seconds')::interval, 'text',
               (${sql.param(all)}::text[])[k], (${sql.param(tokens)}::text[])[k]
        from (select g, case when g % 500 = 0 then ${texts.length} + 1 + (g / 500) % ${texts.length}
                             else 1 + g % ${texts.length} end as k
              from generate_series(${from}::int, ${from + n - 1}::int) g) s`);
    }
    await db.execute(sql`analyze chat_message`);
    report(
      'conversation',
      'messages_loaded',
      total,
      `messages (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );

    const search = new ChatSearch(db, new ChatReader({ db } as never, 72));
    const seat = { orgId: ORG, visibleUserIds: [7] };
    const keywords = ['多少钱', '试听', '别家', '分期付款', ...RARE, '周六上午试听'];
    const samples: number[] = [];
    for (let round = 0; round < 5; round++)
      for (const keyword of keywords) {
        const t = performance.now();
        const page = await search.search(seat, { keyword, pageNum: 1, pageSize: 20 });
        const counts = await search.count(seat, { keyword });
        samples.push(performance.now() - t);
        if (round === 0 && counts.messageCount !== page.total) throw new Error('search and count disagree');
      }
    report('conversation', 'search_p50_ms', percentile(samples, 50), 'ms');
    report(
      'conversation',
      'search_p95_ms',
      percentile(samples, 95),
      `ms (${total} messages, one seat's scope, list + exact counts)`,
    );
  } finally {
    await database.close();
    await dropDatabase('bench_conversation');
  }
}

async function archiveBench() {
  const total = Number(process.env.BENCH_ARCHIVE_MESSAGES ?? 5000);
  if (!hasGcc()) {
    console.log('conversation: no gcc to compile the fake Finance SDK; archive pull skipped');
    return;
  }
  const url = await freshDatabase('bench_conversation_archive');
  if (!url) {
    console.log('conversation: no PostgreSQL answers; archive pull skipped');
    return;
  }
  const database = await openDatabase({ databaseUrl: url, dataDir: '/tmp', poolSize: 5 });
  await database.migrate();
  try {
    const keys = archiveKeyPair();
    const fake = new FakeFinance(keys.publicKey);
    const t0 = Date.UTC(2024, 4, 1);
    for (let from = 0; from < total; from += 1000)
      fake.add(
        Array.from({ length: Math.min(1000, total - from) }, (_, k) => {
          const i = from + k;
          const list = i % 2 ? CUSTOMER : STAFF;
          return textMessage(
            `b${i}`,
            `staff${i % 5}`,
            `wmc${i % 50}`,
            list[i % list.length],
            i % 2 === 0,
            t0 + i * 1000,
          );
        }),
      );
    Object.assign(process.env, fake.env());
    // the pull's context: its database (no media, phones or voices here, so no storage, services or jobs)
    const ctx = { db: database.db } as never;
    useSecretsKey(randomBytes(32));
    await saveArchive(database.db, ORG, {
      corpId: 'wwbench',
      secret: 'bench',
      privateKey: keys.privateKey,
      staffConsent: true,
    });
    const pull = new ArchivePull(ctx, new ChatStore(ctx, async () => {}));
    const t = performance.now();
    const r = await pull.pull(ORG);
    const seconds = (performance.now() - t) / 1000;
    if (r.stored !== total) throw new Error(`archive pull stored ${r.stored} of ${total}`);
    report(
      'conversation',
      'messages_per_s',
      total / seconds,
      `messages/s (${total} from the fake Finance SDK, each with its own RSA-2048 key, stored)`,
    );
  } finally {
    await database.close();
    await dropDatabase('bench_conversation_archive');
  }
}

export default async function run() {
  analysisBench();
  await archiveBench();
  await searchBench();
}
