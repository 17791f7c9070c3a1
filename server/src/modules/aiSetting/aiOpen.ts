import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { AI_DEMAND_QUESTIONS } from '@crm/core/contract/aiSetting';
import { and, eq } from 'drizzle-orm';
import type { Services } from '../../platform/context';
import type { Db } from '../../platform/db';
import type { Scope } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { orgUsersByIds } from '../org';
import { aiOrgSetting } from './schema';
import { patchSetting, type SettingRow, settingRow } from './settingRow';

type Calls = typeof contract.aiSetting;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;

/** The trial pack given when an organisation first opens AI. */
export const AI_TRIAL_PACK = { units: 300, days: 30, name: 'AI 分析试用包', source: 'trial' } as const;

/** The cost centre (another module): an installation without it still opens AI, without a trial pack. */
const costCenterOf = (services: Partial<Services>) => services.costCenter;

export async function aiOpenState(db: Db, s: Scope): Promise<Answer<'getAiOpen'>> {
  return present(db, s.orgId, await settingRow(db, s));
}

/**
 * Opens (or closes) AI. Opening what is open changes nothing. The first opening of an organisation grants the trial
 * pack: the row's trialGranted is claimed first, so that two requests at once give one pack, and released again
 * if the grant fails.
 */
export async function setAiOpen(
  db: Db,
  services: Services,
  s: Scope & { userId: number },
  open: boolean,
): Promise<Answer<'setAiOpen'>> {
  const current = await settingRow(db, s);
  if ((current?.aiOpen ?? false) === open) return present(db, s.orgId, current);
  await patchSetting(db, s, open ? { aiOpen: true, openedAt: new Date(), openedBy: s.userId } : { aiOpen: false });
  const costCenter = costCenterOf(services);
  if (open && costCenter) {
    const claimed = await db
      .update(aiOrgSetting)
      .set({ trialGranted: true })
      .where(and(eq(aiOrgSetting.organizationId, s.orgId), eq(aiOrgSetting.trialGranted, false)))
      .returning({ id: aiOrgSetting.organizationId });
    if (claimed.length)
      try {
        await costCenter.grant(s.orgId, 'ai_analyze', AI_TRIAL_PACK);
      } catch (e) {
        await db.update(aiOrgSetting).set({ trialGranted: false }).where(eq(aiOrgSetting.organizationId, s.orgId));
        throw e;
      }
  }
  return present(db, s.orgId, await settingRow(db, s));
}

async function present(db: Db, orgId: number, row: SettingRow | null): Promise<Answer<'getAiOpen'>> {
  const openedBy = row?.openedBy ? (await orgUsersByIds(db, orgId, [row.openedBy])).get(row.openedBy) : undefined;
  return {
    open: row?.aiOpen ?? false,
    openedAt: row?.aiOpen ? formatDateTime(row.openedAt) : null,
    openedByName: row?.aiOpen ? (openedBy?.realName ?? null) : null,
    trialGranted: row?.trialGranted ?? false,
  };
}

// ---------- the AI-demand questionnaire ----------

export async function aiDemand(db: Db, s: Scope): Promise<Answer<'getDemand'>> {
  const row = await settingRow(db, s);
  return {
    questions: AI_DEMAND_QUESTIONS.map((q) => ({ ...q, options: [...q.options] })),
    answers: row?.demand ?? {},
    remark: row?.demandRemark ?? null,
    savedAt: formatDateTime(row?.demandSavedAt),
  };
}

export async function saveAiDemand(
  db: Db,
  s: Session,
  input: CallBody<Calls['saveDemand']>,
): Promise<Answer<'saveDemand'>> {
  await patchSetting(db, s, { demand: input.answers, demandRemark: input.remark ?? null, demandSavedAt: new Date() });
  return aiDemand(db, s);
}
