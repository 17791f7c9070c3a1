/** Entries of the knowledge bases: list, add, edit, delete, upload, detail (the calls of /baseKnowledgeInfo). */

import { randomUUID } from 'node:crypto';
import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import {
  KNOWLEDGE_FILE_LIMIT_MB,
  KnowledgeBaseName,
  KnowledgeKindName,
  KnowledgeStatusName,
  knowledgeFileTypeOk,
} from '@crm/core/contract/knowledge';
import { and, asc, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import { page, pageRows } from '../../platform/paging';
import type { Session } from '../../platform/session';
import type { Storage } from '../../platform/storage';
import { likePattern } from '../../platform/validation';
import { orgUsersByIds } from '../org';
import { PARSE_JOB, type ParseJob, typedPassages, writePassages } from './passages';
import { knowledgeEntry, knowledgePassage } from './schema';
import { removePassages } from './terms';

type Body<K extends keyof typeof contract.knowledge> = CallBody<(typeof contract.knowledge)[K]>;
type Answer<K extends keyof typeof contract.knowledge> = CallAnswer<(typeof contract.knowledge)[K]>;
type Row = typeof knowledgeEntry.$inferSelect;
type Who = Pick<Session, 'orgId' | 'userId' | 'signs' | 'isSuperAdmin'>;

export const ENTRY_MISSING = '知识不存在';
export const FILE_LIMIT_BYTES = KNOWLEDGE_FILE_LIMIT_MB * 1024 * 1024;

export const canEditOrgBase = (s: Pick<Session, 'signs' | 'isSuperAdmin'>) =>
  s.isSuperAdmin || s.signs.has('knowledge:edit');

/** Entries a user sees: the organisation's base and the own personal base. */
function visible(s: Who, base?: number): SQL {
  const e = knowledgeEntry;
  const own = and(eq(e.base, 1), eq(e.ownerId, s.userId));
  return and(
    eq(e.organizationId, s.orgId),
    isNull(e.deletedAt),
    base === 1 ? own : base === 2 ? eq(e.base, 2) : or(eq(e.base, 2), own),
  )!;
}

function refuseOrgBase(s: Who, base: number): void {
  if (base === 2 && !canEditOrgBase(s)) throw forbidden('无权维护机构知识库');
}

export class EntryService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly jobs: Jobs,
    private readonly embeds: boolean,
  ) {}

  async list(s: Who, f: Body<'list'>): Promise<Answer<'list'>> {
    const e = knowledgeEntry;
    const where = and(
      visible(s, f.base),
      f.kind ? eq(e.kind, f.kind) : undefined,
      f.keyword ? or(ilike(e.title, likePattern(f.keyword)), ilike(e.content, likePattern(f.keyword))) : undefined,
    );
    const { rows, total } = await pageRows(this.db, e, where, [desc(e.updatedAt), desc(e.id)], f);
    return page(await this.views(s.orgId, rows), total, f);
  }

  async find(s: Who, id: number): Promise<Row> {
    const [row] = await this.db
      .select()
      .from(knowledgeEntry)
      .where(and(visible(s), eq(knowledgeEntry.id, id)));
    if (!row) throw notFound(ENTRY_MISSING);
    return row;
  }

  /** An entry the user may change: the own personal one, or the organisation's with knowledge:edit. */
  private async editable(s: Who, id: number): Promise<Row> {
    const row = await this.find(s, id);
    refuseOrgBase(s, row.base);
    return row;
  }

  async create(s: Who, input: Body<'save'>): Promise<Answer<'save'>> {
    refuseOrgBase(s, input.base);
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(knowledgeEntry)
        .values({
          organizationId: s.orgId,
          base: input.base,
          ownerId: s.userId,
          kind: input.kind,
          title: input.title,
          content: input.content,
        })
        .returning();
      await writePassages(tx, row, typedPassages(row.title, row.content));
      return row.id;
    });
    if (this.embeds) await this.jobs.send<ParseJob>(PARSE_JOB, { orgId: s.orgId, entryId: id });
    return { id };
  }

  async update(s: Who, input: Body<'update'>): Promise<Answer<'update'>> {
    const row = await this.editable(s, input.id);
    if (row.kind === 5 && (input.kind || input.content)) throw badRequest('文档只能修改标题');
    const next = {
      kind: input.kind ?? row.kind,
      title: input.title ?? row.title,
      content: input.content ?? row.content,
      updatedAt: new Date(),
    };
    await this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(knowledgeEntry)
        .set(next)
        .where(and(eq(knowledgeEntry.id, row.id), eq(knowledgeEntry.organizationId, s.orgId)))
        .returning();
      if (row.kind !== 5) await writePassages(tx, updated, typedPassages(updated.title, updated.content));
    });
    if (this.embeds && row.kind !== 5) await this.jobs.send<ParseJob>(PARSE_JOB, { orgId: s.orgId, entryId: row.id });
    return { id: row.id };
  }

  async remove(s: Who, id: number): Promise<Answer<'delete'>> {
    const row = await this.editable(s, id);
    await this.db.transaction(async (tx) => {
      await tx
        .update(knowledgeEntry)
        .set({ deletedAt: new Date() })
        .where(and(eq(knowledgeEntry.id, row.id), eq(knowledgeEntry.organizationId, s.orgId)));
      await removePassages(tx, s.orgId, row.id);
    });
    if (row.fileKey) await this.storage.delete(row.fileKey).catch(() => {});
    return { id };
  }

  /** Stores the file and queues its parse; the entry shows 解析中 with its progress until the job is done. */
  async upload(s: Who, base: number, fileName: string, data: Buffer): Promise<Answer<'upload'>> {
    if (base !== 1 && base !== 2) throw badRequest('base：知识库只能是 1、2');
    refuseOrgBase(s, base);
    if (!knowledgeFileTypeOk(fileName)) throw badRequest('file：仅支持 .docx、.pdf、.txt、.md、.xlsx 文件');
    if (!data.length) throw badRequest('file：文件是空的');
    const ext = fileName.split('.').pop()!.toLowerCase();
    const fileKey = `knowledge/${s.orgId}/${randomUUID()}.${ext}`;
    await this.storage.put(fileKey, data);
    const [row] = await this.db
      .insert(knowledgeEntry)
      .values({
        organizationId: s.orgId,
        base,
        ownerId: s.userId,
        kind: 5,
        title: fileName.replace(/\.[^.]+$/, '').slice(0, 100) || fileName,
        fileName,
        fileKey,
        status: 1,
        progress: 0,
      })
      .returning({ id: knowledgeEntry.id });
    await this.jobs.send<ParseJob>(PARSE_JOB, { orgId: s.orgId, entryId: row.id });
    return { id: row.id };
  }

  async detail(s: Who, id: number): Promise<Answer<'detail'>> {
    const row = await this.find(s, id);
    const passages = await this.db
      .select({
        id: knowledgePassage.id,
        seq: knowledgePassage.seq,
        page: knowledgePassage.page,
        text: knowledgePassage.text,
      })
      .from(knowledgePassage)
      .where(and(eq(knowledgePassage.entryId, row.id), eq(knowledgePassage.organizationId, s.orgId)))
      .orderBy(asc(knowledgePassage.seq))
      .limit(500);
    const [view] = await this.views(s.orgId, [row]);
    return { ...view, passages };
  }

  /** Entries of the organisation base by title (the industry templates' merge or skip). */
  async orgEntriesByTitle(orgId: number): Promise<Map<string, Row>> {
    const rows = await this.db
      .select()
      .from(knowledgeEntry)
      .where(
        and(eq(knowledgeEntry.organizationId, orgId), eq(knowledgeEntry.base, 2), isNull(knowledgeEntry.deletedAt)),
      );
    return new Map(rows.map((r) => [r.title, r]));
  }

  private async views(orgId: number, rows: Row[]): Promise<Answer<'list'>['lists']> {
    const names = await orgUsersByIds(
      this.db,
      orgId,
      rows.map((r) => r.ownerId),
    );
    return rows.map((r) => ({
      id: r.id,
      base: r.base,
      baseName: KnowledgeBaseName[r.base as 1 | 2] ?? '',
      kind: r.kind,
      kindName: KnowledgeKindName[r.kind as 1] ?? '',
      title: r.title,
      content: r.content,
      fileName: r.fileName,
      status: r.status,
      statusName: KnowledgeStatusName[r.status as 1] ?? '',
      progress: r.progress,
      error: r.error,
      passageCount: r.passageCount,
      ownerId: r.ownerId,
      ownerName: names.get(r.ownerId)?.realName ?? null,
      createdAt: formatDateTime(r.createdAt),
      updatedAt: formatDateTime(r.updatedAt),
    }));
  }
}
