/** Demo rows: the demo organisations (an education company) get the education template's entries in their base. */
import type { Db } from '../../platform/db';
import { typedPassages, writePassages } from './passages';
import { knowledgeEntry } from './schema';
import { education } from './templates/industries/education';

export async function seedKnowledge(db: Db, orgId: number, adminId: number): Promise<void> {
  const rows = await db
    .insert(knowledgeEntry)
    .values(
      education.knowledge.map((k) => ({
        organizationId: orgId,
        base: 2,
        ownerId: adminId,
        kind: k.kind,
        title: k.title,
        content: k.content,
      })),
    )
    .returning();
  for (const row of rows) await writePassages(db, row, typedPassages(row.title, row.content));
}
