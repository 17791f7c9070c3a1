import type { ScoringPointSpec } from '../../server/src/modules/practice/schema';
import type { SopItemSpec } from '../../server/src/modules/quality';

/**
 * The evaluation set's scripts (eval/scripts.md) as a manager would write them in the product: each normal scoring
 * point an SOP item (keywords, example sentences, patterns, the customer's concern an objection point answers), each
 * forbidden point the script's forbidden words. Written from the point definitions and tuned on train and dev only.
 */

type Item = Pick<SopItemSpec, 'keywords' | 'examples' | 'regex'> & { after?: SopItemSpec['after'] };
const item = (keywords: string[], regex: string[] = [], examples: string[] = [], after?: string[]): Item => ({
  keywords,
  regex,
  examples,
  ...(after ? { after: { keywords: after, regex: [] } } : {}),
});

const _INTRO = ['我是', '我这边是', '我叫', '这边是'];
const CONCERNS = [
  '退',
  '能不能',
  '效果',
  '万一',
  '拒赔',
  '贵',
  '考虑',
  '商量',
  '不放心',
  '担心',
  '怕',
  '没效果',
  '不需要',
  '够了',
  '再看看',
  '不信',
  '麻烦',
  '没用',
  '不愿意',
  '跌',
  '老',
];
const NEXT = String.raw`(周[一二三四五六日天末]|星期|明天|后天|今晚|今天|下午|上午|晚上|[0-9一二三四五六七八九十]+点|号).{0,20}(测评|试听|量房|看房|面谈|演示|试用|电话|发您|发给您|打给您|网点|来|见|聊|过来|上门|带您)`;
const WHEN = String.raw`(周[一二三四五六日天末]|明天|后天|今晚|今天).{0,8}([0-9一二三四五六七八九十]+点|上午|下午|晚上)`;

export interface EvalScript {
  passScore: number;
  points: Record<string, Item & { stage: ScoringPointSpec['stage']; score: number }>;
  forbidden: Record<string, string[]>;
}

export const SCRIPTS: Record<string, EvalScript> = {
  s1: {
    passScore: 70,
    points: {
      's1.p1': {
        stage: 'opening',
        score: 10,
        ...item(['星辰教育', '小王', '我姓'], [String.raw`(我是|这边是|我叫).{0,8}(老师|小[\u4e00-\u9fa5])`]),
      },
      's1.p2': {
        stage: 'needs',
        score: 15,
        ...item(
          ['考了多少', '多少分', '哪一块', '薄弱', '丢分', '初几', '几年级', '哪块'],
          [String.raw`(成绩|分数|考).{0,6}(多少|怎么样|如何)`, '丢在哪'],
        ),
      },
      's1.p3': {
        stage: 'needs',
        score: 10,
        ...item(
          ['报过班', '之前有没有', '目标', '想考', '期望', '想到多少', '之前在', '上了多久', '哪里不好', '之前那个'],
          [String.raw`(之前|以前).{0,8}(报|上)过`, String.raw`(希望|想).{0,6}(考到|提到|多少分)`],
        ),
      },
      's1.p4': {
        stage: 'product',
        score: 15,
        ...item(
          ['诊断', '专题', '错题本', '针对', '专项'],
          [String.raw`(像孩子|孩子这种|他这种).{0,30}(我们|一对一|老师)`],
        ),
      },
      's1.p5': {
        stage: 'price',
        score: 15,
        ...item(
          [],
          [
            String.raw`[0-9一二三四五六七八九十百千两]+(块|元|百|千)`,
            String.raw`(一个?课时|一节课|一学期).{0,6}[0-9一二三四五六七八九十百千两]`,
          ],
        ),
      },
      's1.p6': {
        stage: 'objection',
        score: 20,
        ...item(['试听', '分期', '退费', '退款', '反馈', '理解'], [], [], CONCERNS),
      },
      's1.p7': { stage: 'close', score: 15, ...item([], [NEXT, WHEN]) },
    },
    forbidden: {
      's1.p8': [
        '保证提分',
        '包提',
        '一定能考上',
        '肯定及格',
        '板上钉钉',
        '骗钱',
        '太笨',
        '笨',
        '骗子',
        '坑家长',
        '肯定能及格',
      ],
    },
  },
  s2: {
    passScore: 65,
    points: {
      's2.p1': {
        stage: 'opening',
        score: 10,
        ...item(['匠心家装', '匠心'], [String.raw`(我是|这边是|我叫).{0,8}(小[\u4e00-\u9fa5]|设计师|顾问)`]),
      },
      's2.p2': {
        stage: 'needs',
        score: 15,
        ...item(
          ['多少平', '几室', '户型', '毛坯', '精装', '新房', '二手房', '哪个小区', '面积', '多大', '几个房间'],
          [String.raw`[0-9一二三四五六七八九十百]+平`],
        ),
      },
      's2.p3': {
        stage: 'needs',
        score: 15,
        ...item(
          [
            '什么风格',
            '预算',
            '什么时候入住',
            '几口人',
            '想装个什么样',
            '入住时间',
            '住进去',
            '什么时候住',
            '什么时候要住',
            '住几个人',
          ],
          [String.raw`(预算|风格|入住).{0,6}(多少|什么|哪|吗|呢)`],
        ),
      },
      's2.p4': {
        stage: 'product',
        score: 15,
        ...item(['摄像头', '板材', '按实际', '工艺', '监理', '验收', 'E0', '品牌'], []),
      },
      's2.p5': {
        stage: 'price',
        score: 15,
        ...item([], [String.raw`[0-9一二三四五六七八九十百千两]+(块|元|万|千)`, '一平']),
      },
      's2.p6': {
        stage: 'objection',
        score: 15,
        ...item(
          ['合同', '赔付', '明细', '分阶段', '写进', '违约', '对比'],
          [],
          [],
          CONCERNS.concat(['增项', '超预算', '拖', '工期', '报价', '便宜']),
        ),
      },
      's2.p7': { stage: 'close', score: 15, ...item([], [NEXT, WHEN]) },
    },
    forbidden: {
      's2.p8': [
        '保证零增项',
        '绝对不超预算',
        '保证零甲醛',
        '百分百不会',
        '游击队',
        '偷工减料',
        '不可能发生',
        '全部重做',
        '包您满意',
      ],
    },
  },
  s3: {
    passScore: 70,
    points: {
      's3.p1': {
        stage: 'opening',
        score: 10,
        ...item(['安康人寿', '保险顾问', '做保险的'], [String.raw`(我是|这边是|我叫).{0,8}(小[\u4e00-\u9fa5]|顾问)`]),
      },
      's3.p2': {
        stage: 'needs',
        score: 15,
        ...item(
          ['社保', '团险', '房贷', '几个孩子', '收入', '买过', '已经有'],
          [String.raw`(有没有|有).{0,6}(保险|保障)`],
        ),
      },
      's3.p3': {
        stage: 'product',
        score: 15,
        ...item(
          ['种重疾', '确诊', '轻症', '中症', '保额', '保到', '终身'],
          [String.raw`[0-9一二三四五六七八九十百]+种`],
        ),
      },
      's3.p4': { stage: 'product', score: 10, ...item(['健康告知', '如实', '等待期', '免责'], []) },
      's3.p5': {
        stage: 'price',
        score: 15,
        ...item(
          [],
          [
            String.raw`(每年|一年|年交|保费).{0,8}[0-9一二三四五六七八九十百千万两]+`,
            String.raw`[0-9一二三四五六七八九十百千两]+(块|元)`,
          ],
        ),
      },
      's3.p6': {
        stage: 'objection',
        score: 20,
        ...item(
          [
            '报销',
            '收入损失',
            '理赔数据',
            '理赔流程',
            '调整',
            '降低保额',
            '缴费期',
            '确诊即赔',
            '拒赔',
            '获赔率',
            '如实告知',
            '预核保',
          ],
          [],
          [],
          CONCERNS.concat(['社保', '理赔难', '够了']),
        ),
      },
      's3.p7': { stage: 'close', score: 15, ...item(['计划书'], [NEXT, WHEN]) },
    },
    forbidden: {
      's3.p8': ['保证理赔', '什么病都赔', '稳赚不赔', '还保本', '随便填', '不用说', '肯定能赔', '完全不用操心'],
    },
  },
  s4: {
    passScore: 70,
    points: {
      's4.p1': {
        stage: 'opening',
        score: 10,
        ...item(['华信银行', '理财经理', '银行的'], [String.raw`(我是|这边是).{0,8}(小[\u4e00-\u9fa5]|经理)`]),
      },
      's4.p2': {
        stage: 'needs',
        score: 10,
        ...item(
          ['多久不用', '多长时间', '用途', '多少钱', '金额', '打算用', '打算', '怎么安排', '用钱的地方', '用处'],
          [String.raw`(多久|多长时间).{0,4}(不用|用)`],
        ),
      },
      's4.p3': {
        stage: 'needs',
        score: 15,
        ...item(['接受', '波动', '风险测评', '风测', '投资经验', '买过基金', '亏'], [String.raw`(能|可以)接受`]),
      },
      's4.p4': { stage: 'product', score: 10, ...item(['固收', '纯债', '封闭期', '赎回', '投向', '债券', '期限'], []) },
      's4.p5': {
        stage: 'price',
        score: 15,
        ...item(
          ['业绩比较基准', '年化', '费率', '起购'],
          [String.raw`[0-9一二三四五六七八九十]+(个点|%|点[0-9一二三四五六七八九])`],
        ),
      },
      's4.p6': {
        stage: 'price',
        score: 15,
        ...item(['不保本', '会波动', '不代表', '不能保证'], [String.raw`(净值|收益).{0,6}(波动|浮动)`]),
      },
      's4.p7': {
        stage: 'objection',
        score: 10,
        ...item(
          [
            '分散',
            '活期',
            '随时赎回',
            '一部分',
            '如实',
            '纯债',
            '净值',
            '建议',
            '赎回',
            '运作报告',
            '一年期',
            '不是承诺',
          ],
          [],
          [],
          CONCERNS.concat(['亏', '用钱', '不信']),
        ),
      },
      's4.p8': { stage: 'close', score: 15, ...item([], [NEXT, WHEN]) },
    },
    forbidden: { 's4.p9': ['保本', '稳赚', '不会亏', '肯定有', '绝对安全', '板上钉钉', '从来没亏过', '帮您勾'] },
  },
  s5: {
    passScore: 65,
    points: {
      's5.p1': {
        stage: 'opening',
        score: 10,
        ...item(['云帆'], [String.raw`(我是|这边是|我叫).{0,8}(小[\u4e00-\u9fa5]|顾问)`]),
      },
      's5.p2': {
        stage: 'needs',
        score: 15,
        ...item(['多少人', '团队', '现在用', '什么工具', '用什么', '做什么业务', '业务类型'], []),
      },
      's5.p3': {
        stage: 'needs',
        score: 15,
        ...item(
          ['遇到', '怎么发生', '问题', '头疼', '麻烦', '具体说说'],
          [String.raw`(什么|哪些).{0,4}(问题|困难|麻烦)`],
        ),
      },
      's5.p4': { stage: 'product', score: 15, ...item(['一键', '客户归公司', '转给', '自动', '提醒', '交接'], []) },
      's5.p5': {
        stage: 'price',
        score: 15,
        ...item([], [String.raw`[0-9一二三四五六七八九十百千两]+(块|元|万)`, String.raw`每人每年`]),
      },
      's5.p6': {
        stage: 'objection',
        score: 15,
        ...item(
          ['集成', '私有化', '权限', '等保', '上线辅导', '手机端', '培训'],
          [],
          [],
          CONCERNS.concat(['不愿意用', '安全', '钉钉']),
        ),
      },
      's5.p7': { stage: 'close', score: 15, ...item(['试用账号', '演示'], [NEXT, WHEN]) },
    },
    forbidden: {
      's5.p8': ['百分之百安全', '绝对不会泄露', '保证业绩翻倍', '肯定不会再丢', '垃圾', '这都不懂', '根本不可能'],
    },
  },
  s6: {
    passScore: 65,
    points: {
      's6.p1': {
        stage: 'opening',
        score: 10,
        ...item(['链居'], [String.raw`(我是|这边是|我叫).{0,8}(小[\u4e00-\u9fa5]|经纪人)`]),
      },
      's6.p2': {
        stage: 'needs',
        score: 15,
        ...item(
          ['哪个区域', '学区', '几居', '多大面积', '几口人', '自住', '哪片'],
          [String.raw`(想|要).{0,4}(看|买).{0,6}(哪|什么|几)`],
        ),
      },
      's6.p3': { stage: 'needs', score: 15, ...item(['预算', '首付', '贷款', '首套', '二套', '全款'], []) },
      's6.p4': {
        stage: 'product',
        score: 15,
        ...item(['小区', '楼层', '朝南', '两居', '三居', '平米'], [String.raw`[0-9一二三四五六七八九十]+(平|楼|层)`]),
      },
      's6.p5': {
        stage: 'price',
        score: 15,
        ...item(
          ['挂牌', '单价', '中介费', '税费', '心理价', '谈到'],
          [String.raw`[0-9一二三四五六七八九十百千两]+(万|块|元|个点)`],
        ),
      },
      's6.p6': {
        stage: 'objection',
        score: 15,
        ...item(
          ['成交', '数据', '节点', '包含', '服务', '维修', '可以谈'],
          [],
          [],
          CONCERNS.concat(['等跌', '中介费', '老']),
        ),
      },
      's6.p7': { stage: 'close', score: 15, ...item([], [NEXT, WHEN]) },
    },
    forbidden: { 's6.p8': ['保证能上', '学位肯定没问题', '肯定涨', '绝对不会跌', '包批', '板上钉钉', '买了就是赚'] },
  },
};
