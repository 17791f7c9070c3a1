import type { MatchMode } from '@crm/core/contract/quality';
import type { DemoOrg } from '../../platform/context';
import type { Db } from '../../platform/db';
import { getOrganization } from '../org';
import { orgRegexRule, prohibitionWordList } from './schema';

/**
 * Demo rules: a forbidden-word list that fits the organisation's business, and a regex rule for an agent who gives
 * the customer a mobile number to call or add privately (business kept off the company's lines).
 */
const LISTS: Record<string, { name: string; matchMode: MatchMode; words: string[] }> = {
  教育培训: {
    name: '招生违规承诺',
    // whole words: 包过 must not be found in 面包过期 or 打包过去
    matchMode: 'whole',
    words: [
      '包过',
      '保过',
      '保录取',
      '保送',
      '内部名额',
      '内部渠道',
      '百分百提分',
      '保证提分',
      '稳上重点',
      '不过退全款',
    ],
  },
  家居建材: {
    name: '装修报价违规承诺',
    matchMode: 'contain',
    words: ['零增项', '绝对不超预算', '零甲醛', '终身保修', '全网最低价', '不满意不要钱', '无任何隐形消费'],
  },
};
const FALLBACK = {
  name: '夸大承诺',
  matchMode: 'contain' as MatchMode,
  words: ['百分之百', '绝对没问题', '全网最低价'],
};

export const PRIVATE_MOBILE_PATTERN = '(打|拨|加|联系|找)我?的?(私人|个人)?(手机|电话|微信|号码)?.{0,6}?1[3-9]\\d{9}';

export async function seedQuality(db: Db, org: DemoOrg): Promise<void> {
  const row = await getOrganization(db, org.orgId);
  const list = LISTS[row?.industry ?? ''] ?? FALLBACK;
  const by = { organizationId: org.orgId, createdBy: org.adminId, updatedBy: org.adminId };
  await db.insert(prohibitionWordList).values({ ...by, ...list, side: 'agent', status: 1 });
  await db.insert(orgRegexRule).values({
    ...by,
    name: '引导私下联系（私人手机号）',
    pattern: PRIVATE_MOBILE_PATTERN,
    flags: '',
    side: 'agent',
    status: 1,
    remark: '销售让客户打或加其私人手机号',
  });
}
