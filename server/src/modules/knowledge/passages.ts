/**
 * Writing an entry's passages: typed entries at once (title and content, split like a document), documents by the
 * parse job (`knowledge.parse`: storage → text → passages, progress on the entry), vectors by the same job when an
 * embeddings endpoint is configured. Re-running a job replaces the entry's passages: the job is idempotent.
 */

import type { Readable } from 'node:stream';
import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import type { Storage } from '../../platform/storage';
import type { Embedder } from './embeddings';
import { documentPages, ParseError, type Passage, splitPassages } from './parse';
import { knowledgeEntry, knowledgePassage } from './schema';
import { countTerms, removePassages } from './terms';
import { TOKEN_VERSION, tokensOf } from './tokens';

export const PARSE_JOB = 'knowledge.parse';
export interface ParseJob {
  orgId: number;
  entryId: number;
}

type Entry = typeof knowledgeEntry.$inferSelect;
const BATCH = 200;

/** The title terms of an entry's passages: a typed entry's title; a document's name says little of each passage. */
export const titleTokensOf = (entry: Pick<Entry, 'kind' | 'title'>): string =>
  entry.kind === 5 ? '' : tokensOf(entry.title);

/** Replaces an entry's passages and their term counts (in the caller's transaction). */
export async function writePassages(db: DbOrTx, entry: Entry, passages: Passage[]): Promise<void> {
  await removePassages(db, entry.organizationId, entry.id);
  const titleTokens = titleTokensOf(entry);
  for (let i = 0; i < passages.length; i += BATCH) {
    const rows = passages.slice(i, i + BATCH).map((p, j) => ({
      organizationId: entry.organizationId,
      entryId: entry.id,
      base: entry.base,
      ownerId: entry.ownerId,
      seq: i + j + 1,
      page: p.page,
      text: p.text,
      tokens: tokensOf(p.text),
      titleTokens,
      tokenVersion: TOKEN_VERSION,
    }));
    await db.insert(knowledgePassage).values(rows);
    await countTerms(db, entry.organizationId, rows, 1);
  }
  await db.update(knowledgeEntry).set({ passageCount: passages.length }).where(eq(knowledgeEntry.id, entry.id));
}

/**
 * Makes again the terms of passages made by an earlier tokens.ts (token_version below TOKEN_VERSION), in batches, each
 * in a transaction that locks its rows (SKIP LOCKED: processes starting together share the work), with the term
 * counts moved from the old terms to the new. Answers how many passages were made again.
 */
export async function reindexPassages(db: Db, batch = 200): Promise<number> {
  let done = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const p = knowledgePassage;
      const rows = await tx
        .select({
          id: p.id,
          organizationId: p.organizationId,
          text: p.text,
          tokens: p.tokens,
          titleTokens: p.titleTokens,
          entryId: p.entryId,
        })
        .from(p)
        .where(lt(p.tokenVersion, TOKEN_VERSION))
        .orderBy(asc(p.id))
        .limit(batch)
        .for('update', { skipLocked: true });
      if (!rows.length) return 0;
      const entries = await tx
        .select({ id: knowledgeEntry.id, kind: knowledgeEntry.kind, title: knowledgeEntry.title })
        .from(knowledgeEntry)
        .where(inArray(knowledgeEntry.id, [...new Set(rows.map((r) => r.entryId))]));
      const titleOf = new Map(entries.map((e) => [e.id, titleTokensOf(e)]));
      for (const org of new Set(rows.map((r) => r.organizationId))) {
        const mine = rows.filter((r) => r.organizationId === org);
        const made = mine.map((r) => ({
          id: r.id,
          tokens: tokensOf(r.text),
          titleTokens: titleOf.get(r.entryId) ?? '',
        }));
        for (const m of made)
          await tx
            .update(knowledgePassage)
            .set({ tokens: m.tokens, titleTokens: m.titleTokens, tokenVersion: TOKEN_VERSION })
            .where(eq(knowledgePassage.id, m.id));
        await countTerms(tx, org, mine, -1);
        await countTerms(tx, org, made, 1);
      }
      return rows.length;
    });
    if (!n) return done;
    done += n;
  }
}

/** The passages of a typed entry: its title leads each passage, so a question about the title finds it. */
export const typedPassages = (title: string, content: string): Passage[] =>
  splitPassages([{ page: null, text: content }]).map((p) => ({ page: null, text: `${title}\n${p.text}` }));

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

/** Fills the entry's passages that have no vector yet. */
export async function embedEntry(db: Db, entryId: number, embedder: Embedder): Promise<void> {
  const rows = await db
    .select({ id: knowledgePassage.id, text: knowledgePassage.text })
    .from(knowledgePassage)
    .where(and(eq(knowledgePassage.entryId, entryId), isNull(knowledgePassage.embedding)))
    .orderBy(asc(knowledgePassage.seq));
  if (!rows.length) return;
  const vectors = await embedder.embed(rows.map((r) => r.text));
  for (let i = 0; i < rows.length; i++)
    await db.update(knowledgePassage).set({ embedding: vectors[i] }).where(eq(knowledgePassage.id, rows[i].id));
}

/** The parse job: the entry of that organisation, still present; a document is parsed, any entry then embedded. */
export async function runParse(
  db: Db,
  storage: Storage,
  embedder: Embedder | null,
  { orgId, entryId }: ParseJob,
): Promise<void> {
  const [entry] = await db
    .select()
    .from(knowledgeEntry)
    .where(
      and(eq(knowledgeEntry.id, entryId), eq(knowledgeEntry.organizationId, orgId), isNull(knowledgeEntry.deletedAt)),
    );
  if (!entry) return;
  if (entry.kind === 5 && entry.fileKey) {
    const progress = (n: number) =>
      db.update(knowledgeEntry).set({ progress: n }).where(eq(knowledgeEntry.id, entry.id));
    await progress(10);
    let passages: Passage[];
    try {
      const pages = await documentPages(entry.fileName ?? '', await readAll(await storage.get(entry.fileKey)));
      passages = splitPassages(pages);
      if (!passages.length) throw new ParseError('文档中没有可识别的文字（扫描件请先做文字识别）');
    } catch (e) {
      if (!(e instanceof ParseError)) throw e;
      await db
        .update(knowledgeEntry)
        .set({ status: 3, progress: 100, error: e.message, updatedAt: new Date() })
        .where(eq(knowledgeEntry.id, entry.id));
      return;
    }
    await progress(50);
    await db.transaction(async (tx) => {
      await writePassages(tx, entry, passages);
      await tx
        .update(knowledgeEntry)
        .set({
          status: 2,
          progress: embedder ? 80 : 100,
          content: passages
            .slice(0, 3)
            .map((p) => p.text)
            .join('\n')
            .slice(0, 500),
          error: null,
          updatedAt: new Date(),
        })
        .where(eq(knowledgeEntry.id, entry.id));
    });
  }
  if (embedder) {
    await embedEntry(db, entry.id, embedder);
    await db.update(knowledgeEntry).set({ progress: 100 }).where(eq(knowledgeEntry.id, entry.id));
  }
}
