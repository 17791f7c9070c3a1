/**
 * Where each part of a template lands, through the owning module's public face, always with the applying user's
 * session (tenancy and scope as in their own calls): AI tags (aiSetting), SOP rules, forbidden-word lists and regex
 * rules (quality), knowledge entries (this module). Each target lists what exists by name, creates an item, merges
 * an item into an existing one (returning the earlier state, or null when nothing was added), removes what an
 * application created and restores what it merged into.
 */
import { contract } from '@crm/core/contract';
import type { TemplatePart } from '@crm/core/contract/industryTemplate';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import type { Session } from '../../../platform/session';
import { allTags, deleteTag, saveTag, tagGroups, updateTag } from '../../aiSetting';
import type { EntryService } from '../service';
import type { TemplateData } from './types';

export interface Existing {
  id: number;
  /** The words, keywords or content already there (merge adds what is missing). */
  have: string[];
}
export interface Target<I> {
  items(t: TemplateData): I[];
  nameOf(item: I): string;
  summaryOf(item: I): string;
  existing(s: Session, t: TemplateData): Promise<Map<string, Existing>>;
  create(s: Session, item: I, t: TemplateData): Promise<number>;
  /** Adds what the item has and the existing one lacks; the earlier state, or null when nothing was missing. */
  merge?(s: Session, item: I, have: Existing): Promise<unknown | null>;
  remove(s: Session, id: number): Promise<void>;
  restore?(s: Session, id: number, before: unknown): Promise<void>;
}

const missing = (have: string[], want: string[]) => want.filter((w) => !have.includes(w));

/** A removal of something already gone (deleted by hand since) is not an error. */
export async function tolerant(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
  }
}

type Tag = TemplateData['tags']['items'][number];
type Sop = TemplateData['sop'][number];
type Words = TemplateData['words'][number];
type Regex = TemplateData['regex'][number];
type Entry = TemplateData['knowledge'][number];

export function targets(ctx: AppContext, entries: EntryService): Record<Exclude<TemplatePart, 'scripts'>, Target<any>> {
  const { db } = ctx;
  const q = () => ctx.services.quality;
  const forgetTags = (s: Session) => ctx.services.aiSetting.forget(s.orgId);

  async function groupId(s: Session, name: string): Promise<number | undefined> {
    return (await tagGroups(db, s)).find((g) => g.name === name)?.id;
  }

  const tags: Target<Tag> = {
    items: (t) => t.tags.items,
    nameOf: (i) => i.name,
    summaryOf: (i) => `${i.keywords.join('、')}`,
    async existing(s, t) {
      const gid = await groupId(s, t.tags.group);
      const rows = gid ? (await allTags(db, s)).filter((r) => r.groupId === gid) : [];
      return new Map(rows.map((r) => [r.name, { id: r.id, have: r.keywords }]));
    },
    async create(s, i, t) {
      const gid =
        (await groupId(s, t.tags.group)) ??
        (await saveTag(db, s, contract.aiSetting.tagSave.body.parse({ kind: 'group', name: t.tags.group }))).id;
      const { id } = await saveTag(
        db,
        s,
        contract.aiSetting.tagSave.body.parse({
          kind: 'tag',
          name: i.name,
          groupId: gid,
          keywords: i.keywords,
          speaker: i.speaker,
        }),
      );
      await forgetTags(s);
      return id;
    },
    async merge(s, i, have) {
      const add = missing(have.have, i.keywords);
      if (!add.length) return null;
      await updateTag(
        db,
        s,
        contract.aiSetting.tagUpdate.body.parse({ kind: 'tag', id: have.id, keywords: [...have.have, ...add] }),
      );
      await forgetTags(s);
      return have.have;
    },
    async remove(s, id) {
      const tag = (await allTags(db, s)).find((r) => r.id === id);
      await tolerant(deleteTag(db, s, { kind: 'tag', id }));
      // the group goes with its last tag when the template brought it (a group holding other tags stays)
      if (tag && !(await allTags(db, s)).some((r) => r.groupId === tag.groupId))
        await tolerant(deleteTag(db, s, { kind: 'group', id: tag.groupId }));
      await forgetTags(s);
    },
    async restore(s, id, before) {
      await tolerant(updateTag(db, s, contract.aiSetting.tagUpdate.body.parse({ kind: 'tag', id, keywords: before })));
      await forgetTags(s);
    },
  };

  const sop: Target<Sop> = {
    items: (t) => t.sop,
    nameOf: (i) => i.name,
    summaryOf: (i) => i.items.map((x) => x.name).join(' → '),
    async existing(s) {
      const rows = await q().sop.list(s, contract.sop.getSopRuleList.body.parse({ pageSize: 100 }));
      return new Map(rows.lists.map((r) => [r.name, { id: r.id, have: r.itemNames }]));
    },
    async create(s, i) {
      return (await q().sop.create(s, contract.sop.createSopRule.body.parse({ name: i.name, items: i.items }))).id;
    },
    async merge(s, i, have) {
      const add = i.items.filter((x) => !have.have.includes(x.name));
      if (!add.length) return null;
      const d = await q().sop.detail(s, have.id);
      const before = { ...d, items: d.items.map(({ sort: _s, speakerName: _n, ...item }) => item) };
      await q().sop.update(s, contract.sop.updateSopRule.body.parse({ ...before, items: [...before.items, ...add] }));
      return before;
    },
    remove: (s, id) => tolerant(q().sop.operate(s, { id, operation: 3 })),
    restore: (s, id, before) =>
      tolerant(q().sop.update(s, contract.sop.updateSopRule.body.parse({ ...(before as object), id }))),
  };

  const words: Target<Words> = {
    items: (t) => t.words,
    nameOf: (i) => i.name,
    summaryOf: (i) => i.words.join('、'),
    async existing(s) {
      const rows = await q().service.listWordLists(s, contract.quality.prohibitionWordList.body.parse({ all: true }));
      return new Map(rows.lists.map((r) => [r.name, { id: r.id, have: r.words }]));
    },
    async create(s, i) {
      return (
        await q().service.saveWordList(
          s,
          contract.quality.saveProhibitionWord.body.parse({ name: i.name, words: i.words, remark: i.remark }),
        )
      ).id;
    },
    async merge(s, i, have) {
      const add = missing(have.have, i.words);
      if (!add.length) return null;
      await this.restore!(s, have.id, [...have.have, ...add]);
      return have.have;
    },
    remove: (s, id) => tolerant(q().service.deleteWordList(s, id)),
    async restore(s, id, before) {
      const rows = await q().service.listWordLists(s, contract.quality.prohibitionWordList.body.parse({ all: true }));
      const row = rows.lists.find((r) => r.id === id);
      if (!row) return;
      await q().service.saveWordList(
        s,
        contract.quality.saveProhibitionWord.body.parse({
          id,
          name: row.name,
          words: before,
          matchMode: row.matchMode,
          side: row.side,
          status: row.status,
          remark: row.remark ?? undefined,
        }),
      );
    },
  };

  /** A regex rule is one pattern: an existing name is kept as the organisation wrote it (merge = skip). */
  const regex: Target<Regex> = {
    items: (t) => t.regex,
    nameOf: (i) => i.name,
    summaryOf: (i) => i.pattern,
    async existing(s) {
      const rows = await q().service.listRegex(s, contract.quality.selectOrgRegex.body.parse({ all: true }));
      return new Map(rows.lists.map((r) => [r.name, { id: r.id, have: [r.pattern] }]));
    },
    async create(s, i) {
      return (
        await q().service.createRegex(
          s,
          contract.quality.createOrgRegex.body.parse({ name: i.name, pattern: i.pattern, remark: i.remark }),
        )
      ).id;
    },
    remove: (s, id) => tolerant(q().service.deleteRegex(s, id)),
  };

  const knowledge: Target<Entry> = {
    items: (t) => t.knowledge,
    nameOf: (i) => i.title,
    summaryOf: (i) => i.content.slice(0, 60),
    async existing(s) {
      const rows = await entries.orgEntriesByTitle(s.orgId);
      return new Map([...rows.values()].map((r) => [r.title, { id: r.id, have: [r.content] }]));
    },
    create: async (s, i) => (await entries.create(s, { base: 2, kind: i.kind, title: i.title, content: i.content })).id,
    async merge(s, i, have) {
      const before = have.have[0] ?? '';
      if (before.includes(i.content)) return null;
      await entries.update(s, { id: have.id, content: `${before}\n${i.content}`.slice(0, 5000) });
      return before;
    },
    remove: (s, id) => tolerant(entries.remove(s, id)),
    restore: (s, id, before) => tolerant(entries.update(s, { id, content: before as string })),
  };

  return { tags, sop, words, regex, knowledge };
}
