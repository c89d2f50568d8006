import type { DemoAccountItem, DemoHomeInfo, DemoHomeItem, DemoSiteItem } from '@psy/contracts';
import { faker } from '@faker-js/faker/locale/zh_CN';
import { addDays, formatDateTime as formatShanghaiDateTime, shanghaiDate } from '../../lib/time';

export const LIST_SIZES = { common: 60, home: 30, table: 30 } as const;

/**
 * Every list comes from its own fixed seed and a fixed reference date, so the same data comes
 * back on every call, every restart and every instance. Generation is synchronous: nothing
 * else can reseed the shared faker instance half-way through a list.
 */
const SEED = 20260117;
const REF_DATE = new Date('2026-01-01T00:00:00+08:00');
const FROM_DATE = new Date('2025-01-01T00:00:00+08:00');

const MOBILE_PREFIXES = [
  '130',
  '131',
  '132',
  '133',
  '135',
  '136',
  '137',
  '138',
  '139',
  '150',
  '151',
  '152',
  '155',
  '156',
  '157',
  '158',
  '159',
  '166',
  '173',
  '176',
  '177',
  '178',
  '180',
  '181',
  '182',
  '183',
  '185',
  '186',
  '187',
  '188',
  '189',
  '191',
  '198',
  '199',
];
const SYLLABLES = [
  'an',
  'bai',
  'chen',
  'dong',
  'fang',
  'gao',
  'hai',
  'hong',
  'hua',
  'jia',
  'jing',
  'kang',
  'lan',
  'le',
  'lin',
  'ming',
  'ning',
  'qing',
  'rui',
  'shan',
  'tian',
  'wen',
  'xin',
  'xing',
  'yang',
  'yi',
  'yu',
  'yun',
  'zhi',
  'zhong',
];
const TOPICS = [
  '新生心理健康普查',
  '考试焦虑团体辅导报名',
  '睡眠质量问卷回访',
  '亲子沟通讲座报名',
  '职场压力评估预约',
  '情绪管理课程试听',
  '抑郁自评量表复测',
  '正念减压训练营报名',
  '家庭关系咨询预约',
  '青少年成长营咨询',
  '心理热线来电登记',
  '员工心理援助计划咨询',
  '婚恋情感咨询预约',
  '社交恐惧小组招募',
  '危机干预随访记录',
];
const FOLLOW_UPS = [
  '已安排专人电话回访',
  '等待补充基本信息',
  '已转介至合作咨询机构',
  '已完成首次评估',
  '预约时间待确认',
  '已发送测评链接',
  '本周内安排面谈',
];
const POSTS = [
  '心理咨询师',
  '测评专员',
  '运营专员',
  '客服主管',
  '内容编辑',
  '数据分析师',
  '课程顾问',
  '督导老师',
  '行政助理',
  '产品经理',
];
const ROLES = ['管理员', '普通用户', '内容编辑', '审核员'];
const TLDS = ['com', 'cn', 'com.cn', 'net', 'org.cn'];
const MAILBOXES = ['service', 'admin', 'contact', 'support', 'webmaster', 'kefu'];

/** 'YYYY-MM-DD HH:mm:ss' in Shanghai time. */
export const formatDateTime = (d: Date): string => formatShanghaiDateTime(d, { seconds: true });

function mobile(): string {
  return faker.helpers.arrayElement(MOBILE_PREFIXES) + faker.string.numeric(8);
}

function syllables(n: number): string {
  return Array.from({ length: n }, () => faker.helpers.arrayElement(SYLLABLES)).join('');
}

/** A past moment and a later one, both between FROM_DATE and REF_DATE. */
function createdAndUpdated(): [Date, Date] {
  const created = faker.date.between({ from: FROM_DATE, to: REF_DATE });
  return [created, faker.date.between({ from: created, to: REF_DATE })];
}

function generateCommonList(): DemoSiteItem[] {
  faker.seed(SEED + 1);
  return Array.from({ length: LIST_SIZES.common }, (_, i) => {
    const protocol = faker.helpers.arrayElement(['http', 'https'] as const);
    const domain = `${syllables(faker.number.int({ min: 1, max: 2 }))}${faker.helpers.arrayElement(['', '-'])}${syllables(1)}.${faker.helpers.arrayElement(TLDS)}`;
    const path = faker.helpers.arrayElement(['', '/index.html', '/about', '/news', '/service']);
    return {
      id: i + 1,
      url: `${protocol}://www.${domain}${path}`,
      ip: faker.internet.ipv4(),
      protocol,
      host: protocol === 'https' ? 443 : 80,
      domain,
      email: `${faker.helpers.arrayElement(MAILBOXES)}@${domain}`,
    };
  });
}

function generateHomeList(): DemoHomeItem[] {
  faker.seed(SEED + 2);
  return Array.from({ length: LIST_SIZES.home }, (_, i) => {
    const name = faker.person.fullName();
    const title = faker.helpers.arrayElement(TOPICS);
    const [created, updated] = createdAndUpdated();
    return {
      id: i + 1,
      title,
      mobile: mobile(),
      name,
      description: `${name}于${formatDateTime(created).slice(0, 10)}提交${title}，${faker.helpers.arrayElement(FOLLOW_UPS)}。`,
      created_at: formatDateTime(created),
      updated_at: formatDateTime(updated),
      age: faker.number.int({ min: 10, max: 50 }),
      color: faker.color.rgb(),
      email: faker.internet.email(),
    };
  });
}

function generateTableList(): DemoAccountItem[] {
  faker.seed(SEED + 3);
  return Array.from({ length: LIST_SIZES.table }, (_, i) => ({
    id: i + 1,
    title: faker.helpers.arrayElement(POSTS),
    account: `${syllables(2)}${faker.string.numeric(3)}`,
    true_name: faker.person.fullName(),
    created_at: formatDateTime(faker.date.between({ from: FROM_DATE, to: REF_DATE })),
    role_name: faker.helpers.weightedArrayElement([
      { weight: 2, value: ROLES[0]! },
      { weight: 5, value: ROLES[1]! },
      { weight: 2, value: ROLES[2]! },
      { weight: 1, value: ROLES[3]! },
    ]),
  }));
}

function generateHomeCounters() {
  faker.seed(SEED + 4);
  return {
    hu_num: faker.number.int({ min: 1200, max: 5000 }),
    yun_num: faker.number.int({ min: 300, max: 1200 }),
    ce_num: faker.number.int({ min: 5000, max: 20000 }),
    create_time: Math.floor(FROM_DATE.getTime() / 1000),
    daily: Array.from({ length: 7 }, () => faker.number.int({ min: 20, max: 180 })),
  };
}

export interface DemoData {
  common: DemoSiteItem[];
  home: DemoHomeItem[];
  table: DemoAccountItem[];
  counters: ReturnType<typeof generateHomeCounters>;
}

/** Every list, generated from scratch (as a restart would). */
export function generateDemoData(): DemoData {
  return {
    common: generateCommonList(),
    home: generateHomeList(),
    table: generateTableList(),
    counters: generateHomeCounters(),
  };
}

let cache: DemoData | null = null;

/** The generated data, made once on first use. */
export function demoData(): DemoData {
  cache ??= generateDemoData();
  return cache;
}

/** The home counters; the seven days are the week ending `now` (Shanghai), oldest first. */
export function homeInfo(now: Date): DemoHomeInfo {
  const { daily, ...counters } = demoData().counters;
  const today = shanghaiDate(now);
  return {
    ...counters,
    online_num: 101,
    total_num: 110,
    seven_days: daily.map((num, i) => ({
      id: i + 1,
      num,
      time: addDays(today, i - 6).replaceAll('-', ''),
    })),
  };
}
