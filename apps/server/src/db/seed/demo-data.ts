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
