import { z } from 'zod';
import { backend, robot } from './call';
import { dateTimeField, keywordField, optionalId, pageOf, pageQuery } from './fields';

/**
 * 获客宝 and 精准线索: leads bought from the lead vendor. The organisation's packs (orders), each lead delivered and
 * charged (usage details), the figures; the 精准线索 detail (full phone numbers) only after a security check (the
 * user's password again, valid 30 minutes).
 */

export const AcquisitionKindName = { hkb: '获客宝', jing: '精准线索' } as const;

const range = { startTime: dateTimeField, endTime: dateTimeField };

export const HkbStatistics = z.object({
  /** Users of the organisation with a 获客宝 account bound, and the accounts (hkbInfoVO). */
  accountCount: z.number(),
  hkBindCount: z.number(),
  /** Leads delivered: all, this month, today. */
  totalLeads: z.number(),
  monthLeads: z.number(),
  todayLeads: z.number(),
  /** Leads bought in the packs paid, and left. */
  boughtLeads: z.number(),
  leftLeads: z.number(),
  /** Money spent on the packs, fen. */
  spentFen: z.number(),
});

export const AcquisitionOrder = z.object({
  id: z.number(),
  kind: z.string(),
  kindName: z.string(),
  orderNo: z.string(),
  packageName: z.string(),
  leadCount: z.number(),
  amountFen: z.number(),
  createdAt: z.string().nullable(),
});
export const OrderFilter = z.object({ ...pageQuery, ...range });

export const UsageFilter = z.object({ ...pageQuery, ...range, keyword: keywordField, userId: optionalId('使用人') });
export const UsageRow = z.object({
  id: z.number(),
  createdAt: z.string().nullable(),
  userName: z.string().nullable(),
  leadName: z.string(),
  company: z.string(),
  /** Masked (138****5678) in the lists; in full in the 精准线索 detail after the security check. */
  phone: z.string(),
  region: z.string(),
  costFen: z.number(),
});

export const JingStatus = z.object({
  /** 1 opened (the organisation bought 精准线索), 0 not. */
  opened: z.number(),
  /** Until when the session's security check holds ('YYYY-MM-DD HH:mm:ss'); null: check first. */
  verifiedUntil: z.string().nullable(),
});

export const acquisition = {
  hkbStatistics: robot.post('/hkbStatistics/get', '获客宝数据概览', { answer: HkbStatistics }),
  hkbOrders: robot.post('/hkbOrder/pagelist', '获客宝订单', { body: OrderFilter, answer: pageOf(AcquisitionOrder) }),
  useDetail: robot.post('/useDetail/pagelist', '获客宝使用明细', { body: UsageFilter, answer: pageOf(UsageRow) }),
  useDetailExport: robot.post('/useDetail/export', '导出获客宝使用明细（.xlsx）', { body: UsageFilter }),
  jingStatus: backend.post('/jing/getJingStatus', '精准线索开通状态与安全验证', { answer: JingStatus }),
  jingLogin: backend.post('/jing/security/login', '精准线索安全验证（登录密码）', {
    body: z.object({ password: z.string({ error: '请输入登录密码' }).min(1, '请输入登录密码').max(64, '密码不正确') }),
    answer: JingStatus,
  }),
  jingDetail: backend.post('/jing/getJingClueDetailPageList', '精准线索明细', {
    body: UsageFilter,
    answer: pageOf(UsageRow),
  }),
  jingExport: backend.post('/jing/jingExport', '导出精准线索明细（.xlsx）', { body: UsageFilter }),
  jingCost: backend.post('/organizationAccountRecords/getOrderSpermaticClueCostList', '精准线索费用（购买记录）', {
    body: OrderFilter,
    answer: pageOf(AcquisitionOrder),
  }),
};
