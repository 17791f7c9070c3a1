import type { DemoOrg } from '../../platform/context';
import type { Db } from '../../platform/db';
import { sopItem, sopRule } from './schema';
import { STANDARD_SOP } from './sop';

/** Each demo organisation starts with the standard sales script (sop/standard.ts), for every department and stage. */
export async function seedSop(db: Db, org: DemoOrg): Promise<void> {
  await db.transaction(async (tx) => {
    const [rule] = await tx
      .insert(sopRule)
      .values({ organizationId: org.orgId, name: STANDARD_SOP.name, createdBy: org.adminId, updatedBy: org.adminId })
      .returning({ id: sopRule.id });
    await tx.insert(sopItem).values(
      [...STANDARD_SOP.items]
        .sort((a, b) => a.sort - b.sort)
        .map((item, i) => ({
          organizationId: org.orgId,
          ruleId: rule.id,
          name: item.name,
          sort: i + 1,
          keywords: item.keywords,
          examples: item.examples,
          regex: item.regex,
          speaker: item.speaker,
          afterKeywords: item.after?.keywords ?? [],
          afterRegex: item.after?.regex ?? [],
        })),
    );
  });
}
