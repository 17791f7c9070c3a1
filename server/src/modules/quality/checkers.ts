import { and, eq } from 'drizzle-orm';
import type { Checker, Violation } from '../../lib/analyser/types';
import type { Db } from '../../platform/db';
import { scoped, unscoped } from '../../platform/scope';
import { OrgCache } from '../../platform/versions';
import { type CompiledWordList, compileWordList, matchWordList, PROHIBITION_KIND } from './prohibition';
import { type CompiledRegex, compileRegex, matchRegex, ORG_REGEX_KIND } from './regex';
import { orgRegexRule, prohibitionWordList } from './schema';

/**
 * The organisation's enabled lists and regex rules, compiled, as the pipeline's checkers. Kept in memory per
 * organisation under a shared version stamp (platform/versions.ts): every save of a list or rule (`forget`) drops
 * this process's copy at once and the other processes' within a second.
 */

export interface OrgRules {
  lists: CompiledWordList[];
  regexes: CompiledRegex[];
}

export class QualityRules {
  private readonly cache: OrgCache<OrgRules>;

  constructor(private readonly db: Db) {
    this.cache = new OrgCache(db, 'quality-rules', (orgId) => this.load(orgId));
  }

  /** The organisation's compiled rules (from memory while the version stamp is unchanged). */
  rulesOf(orgId: number): Promise<OrgRules> {
    return this.cache.get(orgId);
  }

  /** After a save or delete: the next analysis, in any process, compiles the organisation's rules again. */
  forget(orgId: number): Promise<void> {
    return this.cache.changed(orgId);
  }

  /** The checker provider of the analysis pipeline. */
  readonly checkersFor = async (orgId: number): Promise<Checker[]> => checkersOf(await this.rulesOf(orgId));

  private async load(orgId: number): Promise<OrgRules> {
    const org = unscoped(orgId, "checkers are the organisation's rules, for every call");
    const [lists, regexes] = await Promise.all([
      this.db
        .select()
        .from(prohibitionWordList)
        .where(and(scoped(org, prohibitionWordList), eq(prohibitionWordList.status, 1)))
        .orderBy(prohibitionWordList.id),
      this.db
        .select()
        .from(orgRegexRule)
        .where(and(scoped(org, orgRegexRule), eq(orgRegexRule.status, 1)))
        .orderBy(orgRegexRule.id),
    ]);
    return {
      lists: lists.flatMap((l) => compileWordList(l) ?? []),
      regexes: regexes.flatMap((r) => compileRegex(r) ?? []),
    };
  }
}

/** One checker for the word lists and one for the regex rules (none when the organisation has none enabled). */
export function checkersOf(rules: OrgRules): Checker[] {
  const out: Checker[] = [];
  if (rules.lists.length)
    out.push({
      name: PROHIBITION_KIND,
      check: ({ segments }) => {
        const found: Violation[] = [];
        for (const list of rules.lists)
          segments.forEach((segment, seg) => {
            for (const hit of matchWordList(list, seg, segment)) found.push(hit.violation);
          });
        return found;
      },
    });
  if (rules.regexes.length)
    out.push({
      name: ORG_REGEX_KIND,
      check: ({ segments }) => {
        const found: Violation[] = [];
        for (const rule of rules.regexes)
          segments.forEach((segment, seg) => {
            found.push(...matchRegex(rule, seg, segment));
          });
        return found;
      },
    });
  return out;
}
