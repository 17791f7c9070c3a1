import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { scoped, unscoped } from '../../platform/scope';
import { OrgCache } from '../../platform/versions';
import { leadOfOrg } from '../clue';
import { deptChainOfUser } from '../org';
import { sopItem, sopRule } from './schema';
import { type CompiledSop, compileSop, type SopItemSpec } from './sop';
import type { SopQuestion } from './sopLlm';

/**
 * An organisation's enabled SOP rules, compiled, with what decides where each applies. Kept in memory per
 * organisation under a shared version stamp, like QualityRules: every save (`forget`) reaches every process.
 */

export interface ApplicableSop {
  id: number;
  name: string;
  /** Empty: every department. */
  deptIds: number[];
  /** Empty: any follow-up stage. */
  followStatusIds: number[];
  compiled: CompiledSop;
  /** Items with a question for the organisation's LLM (asked when the matcher missed them and a model is set). */
  questions: SopQuestion[];
}

type ItemRow = typeof sopItem.$inferSelect;

/** The matcher's view of a stored item. */
export function itemSpec(row: ItemRow): SopItemSpec {
  const after = row.afterKeywords.length || row.afterRegex.length;
  return {
    id: row.id,
    name: row.name,
    sort: row.sort,
    keywords: row.keywords,
    examples: row.examples,
    regex: row.regex,
    speaker: row.speaker,
    ...(after ? { after: { keywords: row.afterKeywords, regex: row.afterRegex } } : {}),
  };
}

/** The live items of some rules, in script order, by rule. */
export async function itemsOf(db: DbOrTx, orgId: number, ruleIds: number[]): Promise<Map<number, ItemRow[]>> {
  const out = new Map<number, ItemRow[]>(ruleIds.map((id) => [id, []]));
  if (!ruleIds.length) return out;
  const rows = await db
    .select()
    .from(sopItem)
    .where(and(eq(sopItem.organizationId, orgId), inArray(sopItem.ruleId, ruleIds), isNull(sopItem.deletedAt)))
    .orderBy(asc(sopItem.ruleId), asc(sopItem.sort), asc(sopItem.id));
  for (const r of rows) out.get(r.ruleId)?.push(r);
  return out;
}

export class SopRules {
  /** Under a shared version stamp: a save in any process reaches every process's copy within a second. */
  private readonly cache: OrgCache<ApplicableSop[]>;

  constructor(private readonly db: Db) {
    this.cache = new OrgCache(db, 'sop-rules', (orgId) => this.load(orgId));
  }

  rulesOf(orgId: number): Promise<ApplicableSop[]> {
    return this.cache.get(orgId);
  }

  forget(orgId: number): Promise<void> {
    return this.cache.changed(orgId);
  }

  /**
   * The enabled rules that apply to a call of this owner about this lead: the owner's department is one the rule
   * names or below one (a call without an owner department only meets rules for every department), and the lead's
   * follow status is one of the rule's stages when it names any (a call without a lead meets only rules for any stage).
   */
  async applicable(orgId: number, ownerUserId: number | null, clueId: number | null): Promise<ApplicableSop[]> {
    const rules = await this.rulesOf(orgId);
    if (!rules.length) return [];
    const [depts, followStatusId] = await Promise.all([
      ownerUserId !== null && rules.some((r) => r.deptIds.length)
        ? deptChainOfUser(this.db, orgId, ownerUserId)
        : Promise.resolve([]),
      rules.some((r) => r.followStatusIds.length) ? this.followStatus(orgId, clueId) : Promise.resolve(null),
    ]);
    return rules.filter(
      (r) =>
        (!r.deptIds.length || r.deptIds.some((d) => depts.includes(d))) &&
        (!r.followStatusIds.length || (followStatusId !== null && r.followStatusIds.includes(followStatusId))),
    );
  }

  private async followStatus(orgId: number, clueId: number | null): Promise<number | null> {
    if (clueId === null) return null;
    return (await leadOfOrg(this.db, orgId, clueId))?.followStatusId ?? null;
  }

  private async load(orgId: number): Promise<ApplicableSop[]> {
    const rules = await this.db
      .select()
      .from(sopRule)
      .where(and(scoped(unscoped(orgId, "SOP rules apply to every seat's calls"), sopRule), eq(sopRule.status, 1)))
      .orderBy(asc(sopRule.id));
    const items = await itemsOf(
      this.db,
      orgId,
      rules.map((r) => r.id),
    );
    return rules.map((r) => ({
      id: r.id,
      name: r.name,
      deptIds: r.deptIds,
      followStatusIds: r.followStatusIds,
      compiled: compileSop({ id: r.id, name: r.name, items: (items.get(r.id) ?? []).map(itemSpec) }),
      questions: (items.get(r.id) ?? []).flatMap((i) =>
        i.llmQuestion?.trim() ? [{ itemId: i.id, question: i.llmQuestion.trim() }] : [],
      ),
    }));
  }
}

/**
 * Some live SOP items of an organisation, as the matcher sees them, with the name of their rule: what another module
 * (practice scoring points) judges a conversation by with the same matcher (`matchSop`) as real calls.
 */
export async function sopItemSpecs(
  db: DbOrTx,
  orgId: number,
  ids: number[],
): Promise<(SopItemSpec & { ruleId: number })[]> {
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(sopItem)
    .where(and(eq(sopItem.organizationId, orgId), inArray(sopItem.id, ids), isNull(sopItem.deletedAt)));
  return rows.map((r) => ({ ...itemSpec(r), ruleId: r.ruleId }));
}
