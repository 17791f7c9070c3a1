import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { MERGE_FIELD_LABELS, mergeFieldText } from '@crm/core/contract/merge';
import { desc } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { offsetOf, page, pageRows } from '../../platform/paging';
import { findScoped, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import type { Clues } from '../clue';
import type { ClueFieldService } from '../clueField';
import { STANDARD_BY_NAME } from '../clueField';
import { orgUsersByIds } from '../org';
import { mergeRecord } from './schema';

type Body<K extends keyof typeof contract.mergeCustomer> = CallBody<(typeof contract.mergeCustomer)[K]>;
type Answer<K extends keyof typeof contract.mergeCustomer> = CallAnswer<(typeof contract.mergeCustomer)[K]>;

/** Without an enabled duplicate rule the groups are those of one phone number. */
const DEFAULT_RULE = { fieldNames: ['phone'], range: 2 };

/** Duplicate groups, the check of one lead, merges and their records. */
export class MergeService {
  constructor(
    private readonly db: Db,
    private readonly clues: Clues,
    private readonly fields: ClueFieldService,
  ) {}

  private async rules(orgId: number) {
    const rules = await this.fields.activeRepeatRules(orgId);
    const list = rules.length ? rules : [DEFAULT_RULE];
    return list.map((r, ruleNo) => ({
      ...r,
      ruleNo,
      label: r.fieldNames.map((f) => STANDARD_BY_NAME.get(f)?.fieldLabel ?? f).join('+'),
    }));
  }

  async groups(s: Session, req: Body<'goingToMerge'>): Promise<Answer<'goingToMerge'>> {
    const rules = await this.rules(s.orgId);
    const rule = rules[req.ruleNo];
    if (!rule) throw badRequest('ruleNo：查重规则不存在');
    const { groups, total } = await this.clues.merge.groups(s, rule, { limit: req.pageSize, offset: offsetOf(req) });
    const views = await this.clues.merge.views(s, groups.flat());
    const byId = new Map(views.map((v) => [v.id, v]));
    return {
      ...page(
        groups.map((ids) => ({
          ruleNo: rule.ruleNo,
          ruleLabel: rule.label,
          clueIds: ids,
          leads: ids.flatMap((id) => byId.get(id) ?? []),
        })),
        total,
        req,
      ),
      rules: rules.map((r) => ({ ruleNo: r.ruleNo, label: r.label })),
    };
  }

  /** The duplicates of one lead the session sees, by every rule. */
  async check(s: Session, clueId: number): Promise<Answer<'repeatCheck'>> {
    await this.clues.get(s, clueId);
    const out: Answer<'repeatCheck'>['groups'] = [];
    for (const rule of await this.rules(s.orgId)) {
      const { groups } = await this.clues.merge.groups(s, rule, { limit: 1, offset: 0, clueId });
      for (const ids of groups)
        out.push({
          ruleNo: rule.ruleNo,
          ruleLabel: rule.label,
          clueIds: ids,
          leads: await this.clues.merge.views(s, ids),
        });
    }
    return { clueId, groups: out };
  }

  async merge(s: Session, input: Body<'merge'>): Promise<Answer<'merge'>> {
    const others = [...new Set(input.clueIds)].filter((id) => id !== input.keepId);
    const record = await this.db.transaction(async (tx) => {
      const before = await this.clues.merge.merge(tx, s, input.keepId, others, input.choices);
      const [rec] = await tx
        .insert(mergeRecord)
        .values({
          organizationId: s.orgId,
          keptClueId: input.keepId,
          mergedClueIds: others,
          choices: input.choices,
          snapshot: JSON.parse(JSON.stringify(before)),
          userId: s.userId,
        })
        .returning({ id: mergeRecord.id });
      return rec;
    });
    return { recordId: record.id, clueId: input.keepId, count: others.length };
  }

  /** Merges every duplicate the check finds into the lead, its own values first. */
  async repeatMerge(s: Session, clueId: number): Promise<Answer<'repeatMerge'>> {
    const { groups } = await this.check(s, clueId);
    const ids = [...new Set(groups.flatMap((g) => g.clueIds))].filter((id) => id !== clueId);
    if (!ids.length) throw badRequest('该客户没有重复客户');
    return this.merge(s, { keepId: clueId, clueIds: ids, choices: {} });
  }

  private async names(s: Session, rows: (typeof mergeRecord.$inferSelect)[]) {
    return orgUsersByIds(
      this.db,
      s.orgId,
      rows.map((r) => r.userId),
    );
  }

  private summary(r: typeof mergeRecord.$inferSelect, users: Map<number, { realName: string }>) {
    const snap = r.snapshot as { id: number; name: string }[];
    return {
      id: r.id,
      keptClueId: r.keptClueId,
      keptName: snap[0]?.name ?? '',
      mergedClueIds: r.mergedClueIds,
      mergedNames: snap.slice(1).map((x) => x.name),
      userName: users.get(r.userId)?.realName ?? '',
      createdAt: formatDateTime(r.createdAt),
    };
  }

  /** Merges made by the users the session sees. */
  async records(s: Session, req: Body<'records'>): Promise<Answer<'records'>> {
    const { rows, total } = await pageRows(
      this.db,
      mergeRecord,
      scoped(s, mergeRecord, { owner: mergeRecord.userId }),
      [desc(mergeRecord.id)],
      req,
    );
    const users = await this.names(s, rows);
    return page(
      rows.map((r) => this.summary(r, users)),
      total,
      req,
    );
  }

  async recordDetail(s: Session, id: number): Promise<Answer<'recordDetail'>> {
    const r = await findScoped(this.db, s, mergeRecord, id, { owner: mergeRecord.userId, missing: '合并记录不存在' });
    const [users, leads, defs] = await Promise.all([
      this.names(s, [r]),
      this.clues.merge.snapshotViews(s, r.snapshot),
      this.fields.customDefs(s.orgId),
    ]);
    const label = (f: string) => MERGE_FIELD_LABELS[f] ?? defs.find((d) => d.fieldName === f)?.fieldLabel ?? f;
    const shown = (f: string, fromId: number) => {
      const v = leads.find((l) => l.id === fromId);
      return v ? mergeFieldText(v, f) : '';
    };
    return {
      ...this.summary(r, users),
      choices: Object.entries(r.choices).map(([fieldName, fromClueId]) => ({
        fieldName,
        fieldLabel: label(fieldName),
        fromClueId,
        value: shown(fieldName, fromClueId),
      })),
      leads,
    };
  }
}
