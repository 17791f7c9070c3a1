import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { type OrgUser, orgUsers } from '../org';

/** The organisation's users as boards name them, and who of them a scope shows. */
export class People {
  private constructor(readonly byId: Map<number, OrgUser>) {}

  static async of(db: DbOrTx, orgId: number): Promise<People> {
    return new People(new Map((await orgUsers(db, orgId)).map((u) => [u.id, u])));
  }

  name(id: number): string {
    return this.byId.get(id)?.realName ?? `已删除用户 ${id}`;
  }

  dept(id: number): string | null {
    return this.byId.get(id)?.deptName ?? null;
  }

  /** The enabled users a scope covers, narrowed to `only` when given. */
  inScope(s: Scope, only: readonly number[] = []): number[] {
    return [...this.byId.values()]
      .filter((u) => u.status === 1)
      .map((u) => u.id)
      .filter(
        (id) => (s.visibleUserIds === null || s.visibleUserIds.includes(id)) && (!only.length || only.includes(id)),
      );
  }

  /** Refuses ids that are not users of the organisation (another organisation's users read as absent). */
  check(ids: readonly number[]): void {
    if (ids.some((id) => !this.byId.has(id))) throw notFound('员工不存在');
  }
}
