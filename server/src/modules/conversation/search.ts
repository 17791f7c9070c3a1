import type { CallBody, contract } from '@crm/core/contract';
import { and, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { page } from '../../platform/paging';
import type { Scope } from '../../platform/scope';
import { likePattern } from '../../platform/validation';
import { words } from '../knowledge';
import { type ChatReader, visibleChats } from './chats';
import { chat, chatAccount, chatContact, chatMessage } from './schema';

type SearchBody = CallBody<typeof contract.msg.searchMsg>;
type CountBody = CallBody<typeof contract.msg.searchChatCount>;

/**
 * Full-text search over every message the scope may see: the keyword cut by jieba as messages are (knowledge's
 * words), every word required, matched on the 'simple' tsvector's GIN index; a keyword with no indexable word
 * (punctuation, one stop word) falls back to a substring match. Counts are exact.
 */
export class ChatSearch {
  constructor(
    private readonly db: Db,
    private readonly reader: ChatReader,
  ) {}

  /** The WHERE of a keyword and the words to highlight. */
  private match(keyword: string): { where: SQL; words: string[] } {
    const ws = words(keyword, true);
    if (!ws.length) return { where: ilike(chatMessage.content, likePattern(keyword)), words: [keyword.trim()] };
    const query = ws.map((w) => `'${w}'`).join(' & ');
    return { where: sql`${chatMessage.tsv} @@ to_tsquery('simple', ${query})`, words: ws };
  }

  private where(s: Scope, b: CountBody, match: SQL): SQL {
    return and(
      eq(chatMessage.organizationId, s.orgId),
      match,
      visibleChats(s),
      b.channel ? eq(chat.channel, b.channel) : undefined,
      b.chatId ? eq(chatMessage.chatId, b.chatId) : undefined,
    )!;
  }

  async count(s: Scope, b: CountBody) {
    const { where } = this.match(b.keyword);
    const [row] = await this.db
      .select({
        messageCount: sql<number>`count(*)::int`,
        chatCount: sql<number>`count(distinct ${chatMessage.chatId})::int`,
      })
      .from(chatMessage)
      .innerJoin(chat, eq(chat.id, chatMessage.chatId))
      .where(this.where(s, b, where));
    return row;
  }

  async search(s: Scope, b: SearchBody) {
    const m = this.match(b.keyword);
    const where = this.where(s, b, m.where);
    const [{ total }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(chatMessage)
      .innerJoin(chat, eq(chat.id, chatMessage.chatId))
      .where(where);
    const rows = await this.db
      .select({
        m: chatMessage,
        staff: sql<string>`coalesce(nullif(${chatAccount.nickname}, ''), ${chatAccount.wxid})`,
        customer: sql<string>`coalesce(nullif(${chatContact.remark}, ''), nullif(${chatContact.nickname}, ''), ${chatContact.wxid})`,
      })
      .from(chatMessage)
      .innerJoin(chat, eq(chat.id, chatMessage.chatId))
      .innerJoin(chatAccount, eq(chatAccount.id, chat.accountId))
      .innerJoin(chatContact, eq(chatContact.id, chat.contactId))
      .where(where)
      .orderBy(desc(chatMessage.sentAt), desc(chatMessage.id))
      .limit(b.pageSize)
      .offset((b.pageNum - 1) * b.pageSize);
    const views = await this.reader.views(
      s.orgId,
      rows.map((r) => r.m),
    );
    const lists = views.map((v, i) => ({
      ...v,
      staffName: rows[i].staff,
      customerName: rows[i].customer,
      words: m.words,
    }));
    return page(lists, total, b);
  }
}
