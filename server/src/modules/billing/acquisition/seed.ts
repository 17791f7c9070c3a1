import type { Db } from '../../../platform/db';
import { acquisitionOrder, acquisitionUsage } from '../schema';

const DAY_MS = 86_400_000;
const NAMES = [
  '陈建华',
  '刘丽娟',
  '杨志强',
  '黄晓燕',
  '周文博',
  '吴海涛',
  '徐静怡',
  '孙国庆',
  '马小军',
  '朱玉兰',
  '胡晨阳',
  '郭佳怡',
];
const COMPANIES = [
  '杭州云启网络科技有限公司',
  '苏州恒达精密机械有限公司',
  '成都锦程教育咨询有限公司',
  '武汉博远装饰工程有限公司',
  '南京瑞丰商贸有限公司',
  '',
];
const REGIONS = ['浙江省/杭州市', '江苏省/苏州市', '四川省/成都市', '湖北省/武汉市', '江苏省/南京市', '广东省/深圳市'];

/** Demo data: a 获客宝 pack and a 精准线索 pack bought, and the leads delivered on them to the seats. */
export async function seedAcquisition(db: Db, orgId: number, adminId: number, seatIds: number[]): Promise<void> {
  const now = Date.now();
  await db.insert(acquisitionOrder).values([
    {
      organizationId: orgId,
      kind: 'hkb',
      orderNo: `HKB${orgId}0001`,
      packageName: '获客宝 标准版 500 条',
      leadCount: 500,
      amountFen: 150_000,
      createdBy: adminId,
      createdAt: new Date(now - 40 * DAY_MS),
    },
    {
      organizationId: orgId,
      kind: 'jing',
      orderNo: `JING${orgId}0001`,
      packageName: '精准线索 200 条',
      leadCount: 200,
      amountFen: 100_000,
      createdBy: adminId,
      createdAt: new Date(now - 20 * DAY_MS),
    },
  ]);
  const rows = Array.from({ length: 36 }, (_, i) => ({
    organizationId: orgId,
    kind: i % 3 === 0 ? 'jing' : 'hkb',
    userId: seatIds[Math.floor(i / 3) % seatIds.length] ?? adminId,
    leadName: NAMES[i % NAMES.length],
    company: COMPANIES[i % COMPANIES.length],
    phone: `1${[38, 39, 58, 86, 77][i % 5]}${String(10_000_000 + ((i * 7_654_321 + orgId * 131) % 89_999_999)).slice(0, 8)}`,
    region: REGIONS[i % REGIONS.length],
    costFen: i % 3 === 0 ? 500 : 300,
    createdAt: new Date(now - (i % 18) * DAY_MS - i * 3_600_000),
  }));
  await db.insert(acquisitionUsage).values(rows);
}
