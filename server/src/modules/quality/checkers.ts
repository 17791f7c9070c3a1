import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { scoped } from '../../platform/scope';
import type { Checker, Violation } from '../analysis/engine/types';
import { type CompiledWordList, compileWordList, matchWordList, PROHIBITION_KIND } from './prohibition';
import { type CompiledRegex, compileRegex, matchRegex, ORG_REGEX_KIND } from './regex';
import { orgRegexRule, prohibitionWordList } from './schema';

/**
 * The organisation's enabled lists and regex rules, compiled, as the pipeline's checkers. Kept in memory per
 * organisation and dropped on every save of a list or rule (`forget`). One process: another app process keeps its
 * copy until it restarts (a multi-process deployment needs a shared version stamp or a notification on save).
 */

export interface OrgRules {
  lists: CompiledWordList[];
  regexes: CompiledRegex[];
}

export class QualityRules {
  private readonly cache = new Map<number, Promise<OrgRules>>();

  constructor(private readonly db: Db) {}

  /** The organisation's compiled rules (from memory after the first call). */
  rulesOf(orgId: number): Promise<OrgRules> {
    let rules = this.cache.get(orgId);
    if (!rules) {
      rules = this.load(orgId);
      this.cache.set(orgId, rules);
      rules.catch(() => this.cache.get(orgId) === rules && this.cache.delete(orgId));
    }
    return rules;
  }

  /** After a save or delete: the next analysis compiles the organisation's rules again. */
  forget(orgId: number): void {
    this.cache.delete(orgId);
  }

  /** The checker provider of the analysis pipeline. */
  readonly checkersFor = async (orgId: number): Promise<Checker[]> => checkersOf(await this.rulesOf(orgId));

  private async load(orgId: number): Promise<OrgRules> {
    const org = { orgId, visibleUserIds: null };
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
