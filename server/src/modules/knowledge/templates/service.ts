/**
 * Industry templates: the list, a preview (what applying would create, merge or skip here), apply (all or chosen
 * parts; an existing name merged or skipped as the user chooses, so applying twice creates nothing twice) and undo
 * of the organisation's last application (what it created removed, what it merged into restored).
 */
import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { TEMPLATE_PARTS, type TemplatePart } from '@crm/core/contract/industryTemplate';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import type { Session } from '../../../platform/session';
import { templateApplication } from '../schema';
import type { EntryService } from '../service';
import { TEMPLATES, templateOf } from './industries';
import { scriptsTarget } from './scripts';
import { type Target, targets } from './targets';
import type { TemplateData } from './types';

type Body<K extends keyof typeof contract.industryTemplate> = CallBody<(typeof contract.industryTemplate)[K]>;
type Answer<K extends keyof typeof contract.industryTemplate> = CallAnswer<(typeof contract.industryTemplate)[K]>;

export const TEMPLATE_MISSING = '行业模板不存在';
export const NOTHING_TO_UNDO = '没有可撤销的模板应用';

interface Created {
  part: TemplatePart;
  id: number;
  name: string;
}
interface Merged extends Created {
  before: unknown;
}

const counts = (t: TemplateData): Record<string, number> => ({
  tags: t.tags.items.length,
  sop: t.sop.length,
  words: t.words.length,
  regex: t.regex.length,
  scripts: t.scripts.length,
  knowledge: t.knowledge.length,
});

export class TemplateService {
  private readonly targets: Record<TemplatePart, Target<any>>;

  constructor(
    private readonly ctx: AppContext,
    entries: EntryService,
  ) {
    this.targets = { ...targets(ctx, entries), scripts: scriptsTarget(ctx.db) };
  }

  private template(code: string): TemplateData {
    const t = templateOf(code);
    if (!t) throw notFound(TEMPLATE_MISSING);
    return t;
  }

  private async applied(orgId: number) {
    const rows = await this.ctx.db
      .select({ code: templateApplication.code, createdAt: templateApplication.createdAt })
      .from(templateApplication)
      .where(and(eq(templateApplication.organizationId, orgId), isNull(templateApplication.undoneAt)))
      .orderBy(desc(templateApplication.id));
    const last = new Map<string, Date>();
    for (const r of rows) if (!last.has(r.code)) last.set(r.code, r.createdAt);
    return last;
  }

  async list(s: Session): Promise<Answer<'list'>> {
    const last = await this.applied(s.orgId);
    return TEMPLATES.map((t) => ({
      code: t.code,
      name: t.name,
      description: t.description,
      counts: counts(t),
      appliedAt: formatDateTime(last.get(t.code) ?? null),
    }));
  }

  async detail(s: Session, code: string): Promise<Answer<'detail'>> {
    const t = this.template(code);
    const items: Answer<'detail'>['items'] = [];
    for (const part of TEMPLATE_PARTS) {
      const target: Target<unknown> = this.targets[part];
      const have = await target.existing(s, t);
      for (const item of target.items(t)) {
        const name = target.nameOf(item);
        items.push({ part, name, summary: target.summaryOf(item), state: have.has(name) ? '已存在' : '新建' });
      }
    }
    const last = await this.applied(s.orgId);
    return {
      code: t.code,
      name: t.name,
      description: t.description,
      counts: counts(t),
      appliedAt: formatDateTime(last.get(t.code) ?? null),
      items,
    };
  }

  async apply(s: Session, input: Body<'apply'>): Promise<Answer<'apply'>> {
    const t = this.template(input.code);
    const created: Created[] = [];
    const merged: Merged[] = [];
    const notes: string[] = [];
    let skipped = 0;
    for (const part of TEMPLATE_PARTS) {
      if (!input.parts.includes(part)) continue;
      const target: Target<unknown> = this.targets[part];
      const have = await target.existing(s, t);
      for (const item of target.items(t)) {
        const name = target.nameOf(item);
        const existing = have.get(name);
        if (!existing) {
          created.push({ part, id: await target.create(s, item, t), name });
          continue;
        }
        const before = input.mode === 'merge' && target.merge ? await target.merge(s, item, existing) : null;
        if (before === null) skipped++;
        else merged.push({ part, id: existing.id, name, before });
      }
      if (part === 'regex' && input.mode === 'merge' && have.size)
        notes.push('同名正则规则保留本机构的表达式（不合并）');
    }
    if (!created.length && !merged.length) return { applicationId: null, created: 0, merged: 0, skipped, notes };
    const [row] = await this.ctx.db
      .insert(templateApplication)
      .values({
        organizationId: s.orgId,
        userId: s.userId,
        code: t.code,
        parts: input.parts,
        mode: input.mode,
        created,
        merged,
      })
      .returning({ id: templateApplication.id });
    return { applicationId: row.id, created: created.length, merged: merged.length, skipped, notes };
  }

  async undo(s: Session): Promise<Answer<'undo'>> {
    const [last] = await this.ctx.db
      .select()
      .from(templateApplication)
      .where(and(eq(templateApplication.organizationId, s.orgId), isNull(templateApplication.undoneAt)))
      .orderBy(desc(templateApplication.id))
      .limit(1);
    if (!last) throw notFound(NOTHING_TO_UNDO);
    const created = last.created as Created[];
    const merged = last.merged as Merged[];
    for (const c of [...created].reverse()) await this.targets[c.part as TemplatePart].remove(s, c.id);
    for (const m of [...merged].reverse()) await this.targets[m.part as TemplatePart].restore?.(s, m.id, m.before);
    await this.ctx.db
      .update(templateApplication)
      .set({ undoneAt: new Date() })
      .where(and(eq(templateApplication.id, last.id), eq(templateApplication.organizationId, s.orgId)));
    return { applicationId: last.id, removed: created.length, restored: merged.length };
  }
}
