import { formatDateTime, normalizePhone, phoneProblem } from '@crm/core';
import type { CallAnswer, CallBody, CallQuery, contract } from '@crm/core/contract';
import { OpenLeadInput } from '@crm/core/contract/openApi';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import type { Session } from '../../platform/session';
import {
  areaFromCodes,
  type LeadChange,
  leadChangesByIds,
  leadIdsByPhones,
  leadsChangedSince,
  type NewLead,
  searchGrams,
} from '../clue';
import { isPhone } from '../clueField';

type O = typeof contract.openApiCalls;

/** ImportWay 9 API导入 (core enums). */
export const API_IMPORT_WAY = 9;

export const leadView = (r: Omit<LeadChange, 'changedAtMicros'>): CallAnswer<O['getLead']> => ({
  id: r.id,
  type: r.type,
  name: r.name,
  company: r.company,
  phone: r.phone,
  phones: r.phones,
  ownerId: r.ownerId,
  importWay: r.importWay,
  stage: r.stage,
  remark: r.remark ?? '',
  createdAt: formatDateTime(r.createdAt)!,
  updatedAt: formatDateTime(r.updatedAt)!,
});

/** The fields a row of a batch may carry (the rest of a lead is set in the CRM). */
const BatchLead = OpenLeadInput.pick({
  name: true,
  company: true,
  phone: true,
  phones: true,
  gender: true,
  age: true,
  stage: true,
  areaCodes: true,
  address: true,
  remark: true,
});

/** Leads pushed and read by integrators, through the clue module (its duplicate rules and assignment rules). */
export class OpenLeads {
  constructor(private readonly ctx: AppContext) {}

  /** One lead, as a lead created by hand with import way 9: refused when it duplicates one (409). */
  async add(s: Session, input: CallBody<O['addLead']>): Promise<CallAnswer<O['addLead']>> {
    const { row } = await this.ctx.services.clue.write.create(s, input, { importWay: API_IMPORT_WAY });
    return leadView(row);
  }

  /** Up to 1,000 leads in one request: each row validated on its own; duplicates reported with their rule. */
  async batchAdd(s: Session, b: CallBody<O['batchAddLeads']>): Promise<CallAnswer<O['batchAddLeads']>> {
    const results: CallAnswer<O['batchAddLeads']>['results'] = [];
    const rows: { index: number; lead: NewLead }[] = [];
    b.leads.forEach((raw, index) => {
      const parsed = BatchLead.safeParse(raw);
      const problem = parsed.success ? rowProblem(parsed.data) : issueText(parsed.error);
      if (problem || !parsed.success) results.push({ index, status: 3, id: null, msg: problem ?? '数据不正确' });
      else rows.push({ index, lead: newLead(parsed.data) });
    });
    if (rows.length) {
      const rules = await this.ctx.services.clueField.activeRepeatRules(s.orgId);
      const dup = await this.ctx.services.clue.bulk.insertBatch(
        s.orgId,
        { importRecordId: null, importWay: API_IMPORT_WAY, createdBy: s.userId, autoAssign: true, ownerId: s.userId },
        rows.map((r) => r.lead),
        rules,
      );
      const created = await leadIdsByPhones(
        this.ctx.db,
        s.orgId,
        rows.filter((_, i) => !dup[i]).map((r) => r.lead.phone),
      );
      for (const [i, r] of rows.entries())
        results.push(
          dup[i]
            ? { index: r.index, status: 2, id: null, msg: `重复数据（${dup[i]}重复）` }
            : { index: r.index, status: 1, id: created.get(r.lead.phone) ?? null, msg: '成功' },
        );
    }
    results.sort((a, b) => a.index - b.index);
    const count = (status: number) => results.filter((r) => r.status === status).length;
    return { created: count(1), duplicate: count(2), invalid: count(3), results };
  }

  async list(s: Session, q: CallQuery<O['listLeads']>): Promise<CallAnswer<O['listLeads']>> {
    const after = q.cursor ? parseCursor(q.cursor) : undefined;
    const rows = await leadsChangedSince(this.ctx.db, s.orgId, { since: q.since, after, limit: q.limit });
    const last = rows.at(-1);
    return {
      lists: rows.map(leadView),
      nextCursor: rows.length === q.limit && last ? `${last.changedAtMicros}_${last.id}` : null,
    };
  }

  async get(s: Session, id: number): Promise<CallAnswer<O['getLead']>> {
    const [row] = await leadChangesByIds(this.ctx.db, s.orgId, [id]);
    if (!row) throw notFound('线索不存在');
    return leadView(row);
  }
}

function parseCursor(cursor: string): { micros: string; id: number } {
  const m = /^(\d{1,18})_(\d{1,10})$/.exec(cursor);
  if (!m) throw badRequest('cursor：游标不正确');
  return { micros: m[1], id: Number(m[2]) };
}

type BatchRow = z.output<typeof BatchLead>;

function issueText(e: z.ZodError): string {
  const i = e.issues[0];
  return i ? i.message : '数据不正确';
}

function rowProblem(r: BatchRow): string | null {
  const phone = normalizePhone(r.phone);
  if (!isPhone(phone)) return phoneProblem(r.phone) ?? '手机号格式不正确';
  for (const p of r.phones ?? []) if (!isPhone(normalizePhone(p))) return phoneProblem(p) ?? '其他电话格式不正确';
  if (r.areaCodes && !areaFromCodes(r.areaCodes)) return '所在地区不正确';
  return null;
}

function newLead(r: BatchRow): NewLead {
  const area = areaFromCodes(r.areaCodes ?? []) ?? {
    provinceCode: null,
    cityCode: null,
    districtCode: null,
    areaName: '',
  };
  const name = r.name ?? '';
  const company = r.company ?? '';
  return {
    name,
    company,
    phone: normalizePhone(r.phone),
    phones: (r.phones ?? []).map(normalizePhone),
    ownerId: null,
    channelSourceId: null,
    sign: '',
    stage: r.stage ?? 1,
    gender: r.gender ?? null,
    age: r.age ?? null,
    birthday: null,
    ...area,
    address: r.address ?? '',
    tagIds: [],
    followStatusId: null,
    remark: r.remark ?? '',
    nextFollowTime: null,
    custom: {},
    searchGrams: searchGrams(name, company),
  };
}
