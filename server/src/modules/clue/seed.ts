import { sql } from 'drizzle-orm';
import type { AppContext, DemoOrg } from '../../platform/context';
import { AREA_TREE, areaFromCodes } from './area';
import { searchGrams } from './query';
import { clue, clueEvent } from './schema';

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾萧田董潘袁蔡蒋余于杜叶程魏苏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN =
  '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉萍红娥玲芬燕彬鹏辉宇浩凯健俊帆帅旭宁婷雪琳晨欣怡佳琪梓涵子轩雨泽思远嘉懿';
const CITIES = [
  '北京',
  '上海',
  '广州',
  '深圳',
  '杭州',
  '成都',
  '武汉',
  '南京',
  '苏州',
  '西安',
  '重庆',
  '长沙',
  '青岛',
  '厦门',
  '合肥',
];
const TRADES = [
  '科技',
  '教育',
  '贸易',
  '文化传媒',
  '信息技术',
  '建材',
  '家居',
  '餐饮管理',
  '物流',
  '医疗器械',
  '电子商务',
  '咨询',
];
const SUFFIX = ['有限公司', '股份有限公司', '集团有限公司', '工作室'];
const PREFIX = [
  '138',
  '139',
  '137',
  '136',
  '135',
  '150',
  '151',
  '152',
  '158',
  '159',
  '186',
  '187',
  '188',
  '177',
  '199',
];
const FOLLOW_TEXTS = [
  '电话沟通，客户对课程体系比较感兴趣，约了下周到店试听。',
  '客户表示预算有限，需要和家人商量后再决定。',
  '已发送报价单和案例资料到微信，客户说这两天看一下。',
  '客户在比较两家机构，重点关注售后服务，下次重点介绍服务保障。',
  '未接通，稍后再打。',
  '客户确认需求，准备安排方案演示。',
];

/** A small deterministic generator so that the demo data is the same on every first start. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Demo leads and customers for a demo organisation: tags, custom fields, a few hundred leads, some follow-ups. */
export async function seedClues(ctx: AppContext, org: DemoOrg, index: number): Promise<void> {
  const fields = ctx.services.clueField;
  const rand = rng(20240 + org.orgId);
  const pick = <T>(xs: readonly T[] | string): T => (xs as T[])[Math.floor(rand() * xs.length)];

  const intent = await fields.addTagGroup(org.orgId, { name: '意向程度', color: '#f5222d', chooseType: 1 });
  const source = await fields.addTagGroup(org.orgId, { name: '客户特征', color: '#1677ff' });
  const tagIds: number[] = [];
  for (const name of ['高意向', '中意向', '低意向'])
    tagIds.push((await fields.addTag(org.orgId, { groupId: intent.id, name })).id);
  for (const name of ['决策人', '价格敏感', '老客户转介绍', '需要回访'])
    tagIds.push((await fields.addTag(org.orgId, { groupId: source.id, name })).id);
  const product =
    index === 0 ? ['少儿编程', '英语口语', '数学思维', '美术书法'] : ['全屋定制', '整装套餐', '局部翻新', '软装搭配'];
  const cf1 = await fields.addField(org.orgId, 2, {
    fieldLabel: index === 0 ? '意向课程' : '意向产品',
    fieldType: 6,
    groupList: product.map((p, i) => ({ fieldValue: String(i + 1), fieldLabel: p })),
  });
  const cf2 = await fields.addField(org.orgId, 2, { fieldLabel: '预算（元）', fieldType: 3, rules: { min: 0 } });
  await fields.addField(org.orgId, 2, { fieldLabel: '微信号', fieldType: 1, fieldTopic: '联系方式' });
  if (index === 0) await fields.setNextFollowTimeField(org.orgId, true);
  await fields.saveRepeatRules(org.orgId, [{ fieldNames: ['phone'], enabled: 1, range: 1 }]);
  await fields.addField(org.orgId, 1, { fieldLabel: '合同编号', fieldType: 1 });
  await fields.addField(org.orgId, 3, { fieldLabel: '产品规格', fieldType: 1 });

  const channels = await fields.dict(org.orgId, 'channelSource');
  const statuses = await fields.dict(org.orgId, 'followStatus');
  const ways = await fields.dict(org.orgId, 'followWay');
  const owners = [org.managerId, ...org.seatIds];
  const count = index === 0 ? 320 : 180;
  const now = Date.now();
  const rows: (typeof clue.$inferInsert)[] = [];
  const phones = new Set<string>();
  for (let i = 0; i < count; i++) {
    const name = pick<string>(SURNAMES) + pick<string>(GIVEN) + (rand() < 0.5 ? pick<string>(GIVEN) : '');
    const company =
      rand() < 0.7
        ? `${pick(CITIES)}${pick(['华', '锦', '新', '恒', '博', '瑞', '盛', '嘉', '远', '泰'])}${pick(['达', '信', '创', '安', '通', '源', '美', '联'])}${pick(TRADES)}${pick(SUFFIX)}`
        : '';
    let phone = '';
    do phone = pick(PREFIX) + String(Math.floor(rand() * 1e8)).padStart(8, '0');
    while (phones.has(phone));
    phones.add(phone);
    const prov = pick(AREA_TREE);
    const city = prov.children ? pick(prov.children) : undefined;
    const area = areaFromCodes(city ? [prov.value, city.value] : [prov.value])!;
    const created = new Date(now - Math.floor(rand() * 90 * 86400_000));
    const followed = rand() < 0.6 ? new Date(created.getTime() + Math.floor(rand() * (now - created.getTime()))) : null;
    // the draws of the former made-up call status stay, so that the demo's names, numbers and owners stay what they were
    const former = pick([1, 1, 2, 2, 3]);
    const zeroAfterDraw = (draw: boolean) => (draw ? rand() * 0 : 0);
    rows.push({
      organizationId: org.orgId,
      type: rand() < 0.35 ? 2 : 1,
      name,
      company,
      phone,
      ownerId: pick(owners),
      channelSourceId: pick(channels).id,
      importWay: pick([1, 1, 2, 3, 8, 8, 9]),
      // 未拨打: the demo calls (telephony's seedCalls, through the call-event path) set the call status
      callStatus: 1,
      callCount: zeroAfterDraw(former !== 1),
      lastCallTime: null,
      lastCallDuration: zeroAfterDraw(former === 2),
      stage: 1 + Math.floor(rand() * 9),
      gender: rand() < 0.5 ? 1 : 2,
      age: 20 + Math.floor(rand() * 40),
      ...area,
      tagIds: rand() < 0.6 ? [pick(tagIds.slice(0, 3)), ...(rand() < 0.4 ? [pick(tagIds.slice(3))] : [])] : [],
      followStatusId: followed ? pick(statuses).id : statuses[0].id,
      custom: {
        [cf1.fieldName]: String(1 + Math.floor(rand() * product.length)),
        ...(rand() < 0.5 ? { [cf2.fieldName]: Math.floor(rand() * 50) * 1000 } : {}),
      },
      searchGrams: searchGrams(name, company),
      lastFollowTime: followed,
      nextFollowTime: rand() < 0.5 ? new Date(now + Math.floor((rand() - 0.3) * 14 * 86400_000)) : null,
      lockStatus: rand() < 0.05 ? 1 : 0,
      receiveType: pick([1, 2, 4]),
      createdAt: created,
      updatedAt: followed ?? created,
      turnCustomerTime: null,
    });
  }
  await ctx.db.transaction(async (tx) => {
    const inserted = await tx.insert(clue).values(rows).returning({
      id: clue.id,
      ownerId: clue.ownerId,
      lastFollowTime: clue.lastFollowTime,
      createdAt: clue.createdAt,
    });
    const events: (typeof clueEvent.$inferInsert)[] = [];
    for (const c of inserted) {
      events.push({
        organizationId: org.orgId,
        clueId: c.id,
        type: 'create',
        userId: c.ownerId,
        title: '新建客户',
        createdAt: c.createdAt,
      });
      if (c.lastFollowTime) {
        const way = pick(ways);
        const st = pick(statuses);
        events.push({
          organizationId: org.orgId,
          clueId: c.id,
          type: 'follow',
          userId: c.ownerId,
          title: '跟进记录',
          content: pick(FOLLOW_TEXTS),
          detail: { followWayId: way.id, followWayName: way.name, followStatusId: st.id, followStatusName: st.name },
          createdAt: c.lastFollowTime,
        });
      }
    }
    await tx.insert(clueEvent).values(events);
  });
  await ctx.db.execute(sql`analyze clue`);
}
