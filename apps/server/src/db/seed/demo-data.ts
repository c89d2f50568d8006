/** Believable Chinese demo data. Natural keys (institution name, telephone) make the seed idempotent. */

export const DEMO_PASSWORD = 'Demo@123456';

export const demoInstitutions = [
  {
    name: '北京心晴心理咨询中心',
    city: '北京',
    address: '北京市海淀区中关村大街 27 号中关村大厦 12 层',
    phone: '010-62550000',
    intro:
      '专注于成人情绪困扰、亲密关系与职场压力的专业心理咨询机构，拥有持证咨询师二十余名，提供个体咨询、团体辅导与企业 EAP 服务。',
  },
  {
    name: '上海青禾大学生心理健康服务站',
    city: '上海',
    address: '上海市杨浦区邯郸路 220 号学生活动中心 3 楼',
    phone: '021-65640000',
    intro: '面向在校大学生的心理健康教育与咨询服务站，开展新生心理普查、危机干预与朋辈辅导培训。',
  },
  {
    name: '广州晴川医院临床心理科',
    city: '广州',
    address: '广州市越秀区中山二路 58 号门诊楼 5 层',
    phone: '020-87330000',
    intro:
      '三级甲等综合医院临床心理科，提供心理评估、心理治疗与精神科联络会诊，擅长焦虑、抑郁与睡眠障碍的综合干预。',
  },
  {
    name: '杭州暖阳企业员工关爱中心',
    city: '杭州',
    address: '杭州市西湖区文三路 90 号东部软件园 2 号楼',
    phone: '0571-88210000',
    intro: '为企业提供员工心理援助计划（EAP）、管理者心理赋能培训与重大事件后的心理支持。',
  },
] as const;

type Role = 'user' | 'expert' | 'auditor' | 'admin';
export interface DemoUser {
  telephone: string;
  name: string;
  role: Role;
  gender: 'male' | 'female';
  birthday: string;
  institution?: string;
}

/** The four accounts the README lists come first. */
export const demoUsers: DemoUser[] = [
  {
    telephone: '13800000001',
    name: '张小雨',
    role: 'user',
    gender: 'female',
    birthday: '1998-04-16',
    institution: '北京心晴心理咨询中心',
  },
  {
    telephone: '13800000002',
    name: '王静怡',
    role: 'expert',
    gender: 'female',
    birthday: '1986-09-03',
    institution: '北京心晴心理咨询中心',
  },
  {
    telephone: '13800000003',
    name: '陈思远',
    role: 'auditor',
    gender: 'male',
    birthday: '1990-01-21',
    institution: '北京心晴心理咨询中心',
  },
  { telephone: '13800000004', name: '赵明', role: 'admin', gender: 'male', birthday: '1984-07-30' },
  {
    telephone: '13800000012',
    name: '刘文博',
    role: 'expert',
    gender: 'male',
    birthday: '1979-11-12',
    institution: '广州晴川医院临床心理科',
  },
  {
    telephone: '13800000013',
    name: '周晓琳',
    role: 'expert',
    gender: 'female',
    birthday: '1988-05-27',
    institution: '上海青禾大学生心理健康服务站',
  },
  {
    telephone: '13800000014',
    name: '孙浩然',
    role: 'expert',
    gender: 'male',
    birthday: '1983-02-08',
    institution: '杭州暖阳企业员工关爱中心',
  },
  {
    telephone: '13800000021',
    name: '李晨',
    role: 'user',
    gender: 'male',
    birthday: '2001-10-02',
    institution: '上海青禾大学生心理健康服务站',
  },
  {
    telephone: '13800000022',
    name: '黄一诺',
    role: 'user',
    gender: 'female',
    birthday: '1995-12-19',
    institution: '北京心晴心理咨询中心',
  },
];

/**
 * Assigned experts ([person, expert] telephones): the demo user is followed up by the demo
 * expert (of the same institution), so a transfer can be shown end to end. Other people keep
 * the per-assessment rule (the plan's author, or an expert of their institution).
 */
export const demoAssignments: [person: string, expert: string][] = [['13800000001', '13800000002']];

/** Profiles and weekly hours of the demo experts (times are Asia/Shanghai). */
export const demoExperts: Record<
  string,
  {
    title: string;
    qualifications: string[];
    specialties: string[];
    introduction: string;
    modes: ('online' | 'offline')[];
    priceFen: number;
    sessionMinutes: number;
    yearsOfPractice: number;
    address: string | null;
    weekly: { weekday: number; startTime: string; mode: 'online' | 'offline' }[];
  }
> = {
  '13800000002': {
    title: '国家二级心理咨询师',
    qualifications: ['国家二级心理咨询师', '中国心理学会注册心理师', '认知行为治疗（CBT）系统培训结业'],
    specialties: ['情绪管理', '焦虑抑郁', '职场压力', '亲密关系'],
    introduction:
      '从业十二年，累计个体咨询时长超过 4000 小时。擅长以认知行为疗法帮助来访者识别与调整负性思维，处理焦虑、低落情绪与职场倦怠，也陪伴许多人走过亲密关系中的困惑。咨询风格温和、务实，注重在每次咨询中形成可以带回生活的小练习。',
    modes: ['online', 'offline'],
    priceFen: 30000,
    sessionMinutes: 50,
    yearsOfPractice: 12,
    address: '北京市海淀区中关村大街 27 号中关村大厦 12 层 1206 室',
    weekly: [
      { weekday: 1, startTime: '10:00', mode: 'online' },
      { weekday: 1, startTime: '14:00', mode: 'offline' },
      { weekday: 3, startTime: '10:00', mode: 'online' },
      { weekday: 3, startTime: '19:00', mode: 'online' },
      { weekday: 5, startTime: '14:00', mode: 'offline' },
      { weekday: 6, startTime: '10:00', mode: 'online' },
    ],
  },
  '13800000012': {
    title: '主治医师 · 临床心理科',
    qualifications: ['精神科执业医师', '心理治疗师（中级）', '睡眠医学专项培训'],
    specialties: ['睡眠障碍', '焦虑抑郁', '躯体化症状'],
    introduction:
      '三甲医院临床心理科主治医师，长期从事焦虑障碍、抑郁障碍与失眠的评估和综合干预，擅长将药物治疗建议与心理治疗相结合，帮助来访者理解身体症状背后的情绪因素。',
    modes: ['online', 'offline'],
    priceFen: 40000,
    sessionMinutes: 45,
    yearsOfPractice: 15,
    address: '广州市越秀区中山二路 58 号门诊楼 5 层心理门诊',
    weekly: [
      { weekday: 2, startTime: '09:00', mode: 'offline' },
      { weekday: 2, startTime: '15:00', mode: 'online' },
      { weekday: 4, startTime: '09:00', mode: 'offline' },
    ],
  },
  '13800000013': {
    title: '高校心理咨询中心专职咨询师',
    qualifications: ['应用心理学硕士', '国家二级心理咨询师', '沙盘游戏治疗师'],
    specialties: ['学业压力', '人际关系', '自我成长', '情绪管理'],
    introduction:
      '在高校心理健康服务站工作八年，陪伴大学生处理学业压力、人际困扰、生涯迷茫与自我认同问题。相信每个人都有自我成长的力量，咨询中注重倾听与共情。',
    modes: ['online'],
    priceFen: 15000,
    sessionMinutes: 50,
    yearsOfPractice: 8,
    address: null,
    weekly: [
      { weekday: 2, startTime: '19:00', mode: 'online' },
      { weekday: 4, startTime: '19:00', mode: 'online' },
      { weekday: 7, startTime: '14:00', mode: 'online' },
    ],
  },
  '13800000014': {
    title: 'EAP 咨询师 · 组织心理学方向',
    qualifications: ['国际 EAP 协会会员', '国家二级心理咨询师', '危机干预培训认证'],
    specialties: ['职场压力', '职业发展', '危机干预', '亲子关系'],
    introduction:
      '为三十余家企业提供员工心理援助服务，擅长职场压力与倦怠、职业发展困惑、管理者情绪领导力，以及重大事件后的心理危机干预与哀伤辅导。',
    modes: ['online', 'offline'],
    priceFen: 25000,
    sessionMinutes: 60,
    yearsOfPractice: 10,
    address: '杭州市西湖区文三路 90 号东部软件园 2 号楼 3 层',
    weekly: [
      { weekday: 1, startTime: '19:30', mode: 'online' },
      { weekday: 3, startTime: '12:30', mode: 'online' },
      { weekday: 6, startTime: '15:00', mode: 'offline' },
    ],
  },
};
