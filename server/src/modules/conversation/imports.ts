import { type ImportWay, parseDateTime } from '@crm/core';
import type { CallBody, contract } from '@crm/core/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { Session } from '../../platform/session';
import { type ExportFormat, formatOf, type ParsedMessage, parseExport } from './parse';
import { chatImport } from './schema';
import { type ChatStore, messageKey, type NewMessage } from './store';

const PREVIEW = 200;
const MAX_MESSAGES = 50_000;
/** Import way of what an upload brings in: 12 个人微信. */
export const UPLOAD_IMPORT_WAY = 12 satisfies keyof typeof ImportWay;

/**
 * Personal WeChat exports: uploaded, parsed and kept for the seat's preview (uploadWeiXinWord), then saved into the
 * store once the seat says which sender is them (saveWeiXinWord). The seat's own account is the staff side.
 */
export class ChatImports {
  constructor(
    private readonly db: Db,
    private readonly store: ChatStore,
  ) {}

  async upload(s: Session, fileName: string, data: Buffer) {
    const format = formatOf(fileName);
    if (!format) throw badRequest('file：仅支持 .docx、.txt、.html、.csv 格式的聊天记录');
    let messages: ParsedMessage[];
    try {
      messages = await parseExport(format, data);
    } catch {
      throw badRequest('file：文件无法读取，请确认是导出的聊天记录');
    }
    if (!messages.length) throw badRequest('file：未能从文件中解析出聊天记录，请确认导出格式');
    if (messages.length > MAX_MESSAGES) throw badRequest(`file：一次最多导入 ${MAX_MESSAGES} 条消息`);
    const [row] = await this.db
      .insert(chatImport)
      .values({ organizationId: s.orgId, userId: s.userId, fileName: fileName.slice(-200), format, messages })
      .returning({ id: chatImport.id });
    return preview(row.id, fileName, format, messages);
  }

  async save(s: Session, b: CallBody<typeof contract.weixin.saveWeiXinWord>) {
    const [imp] = await this.db
      .select()
      .from(chatImport)
      .where(
        and(eq(chatImport.id, b.importId), eq(chatImport.organizationId, s.orgId), eq(chatImport.userId, s.userId)),
      );
    if (!imp) throw notFound('上传记录不存在');
    if (imp.chatId) throw conflict('该聊天记录已保存');
    const senders = countSenders(imp.messages);
    if (!senders.some((x) => x.name === b.staffSender)) throw badRequest('staffSender：所选员工昵称不在聊天记录中');
    const contactName =
      b.contactName ?? senders.find((x) => x.name !== b.staffSender)?.name ?? imp.fileName.replace(/\.[^.]+$/, '');
    const phone = b.contactPhone || null;
    const chatId = await this.store.chatOf(s.orgId, {
      channel: 2,
      account: { wxid: `user:${s.userId}:${b.staffSender}`.slice(0, 64), name: b.staffSender },
      contact: {
        wxid: phone ? `tel:${phone}` : `name:${s.userId}:${contactName}`.slice(0, 64),
        name: contactName,
        phone,
      },
      importWay: UPLOAD_IMPORT_WAY,
      fallbackOwner: s.userId,
      accountUserId: s.userId,
    });
    const seen = new Map<string, number>();
    const messages: NewMessage[] = imp.messages.map((m) => {
      const base = [m.time, m.sender, m.content].join('\u0000');
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      return {
        extId: `up:${messageKey([base, n])}`,
        fromStaff: m.sender === b.staffSender,
        sender: m.sender,
        sentAt: parseDateTime(m.time)!,
        type: m.type as NewMessage['type'],
        content: m.content,
        mediaName: m.type === 'file' ? m.content.slice(0, 200) || null : null,
      };
    });
    const stored = await this.store.addMessages(s.orgId, chatId, messages);
    await this.db
      .update(chatImport)
      .set({ chatId })
      .where(and(eq(chatImport.id, imp.id), isNull(chatImport.chatId)));
    return { chatId, stored, skipped: messages.length - stored };
  }
}

function countSenders(messages: ParsedMessage[]) {
  const counts = new Map<string, number>();
  for (const m of messages) counts.set(m.sender, (counts.get(m.sender) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count);
}

function preview(importId: number, fileName: string, format: ExportFormat, messages: ParsedMessage[]) {
  const times = messages.map((m) => m.time).sort();
  return {
    importId,
    fileName,
    format,
    messageCount: messages.length,
    senders: countSenders(messages),
    firstTime: times[0] ?? null,
    lastTime: times.at(-1) ?? null,
    messages: messages.slice(0, PREVIEW),
  };
}
