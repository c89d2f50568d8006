import type { CourseCategory, ReportBand, ReportNorm } from '@psy/contracts';

/**
 * What the full report knows about a built-in scale beyond its scoring definition: published
 * norms, what each dimension means and what to do about it, the positive cut-off drawn on the
 * profile, the standard score's formula, and which expert specialties fit. Keyed by scale
 * code; an author's own scale has none of it and its report shows what its definition holds
 * (dimension bands, the main band table).
 */
export interface ScaleGuide {
  /** Norms by dimension key or score key. */
  norms?: Record<string, ReportNorm>;
  normSource?: string;
  /** A dimension at or above this is positive (SCL-90: factor mean 2). */
  positiveAt?: number;
  dimensions?: Record<string, { about: string; advice: string }>;
  /** Level names of a dimension score, from the lowest: [from, label]. */
  levels?: Array<[from: number, label: string]>;
  /** A band scale for a scale without a band table (SCL-90: the 160 total cut-off). */
  scoreBands?: { score: string; name: string; bands: ReportBand[] };
  standardNote?: string;
  /** Higher scores mean better (WHO-5); otherwise higher means more distress. */
  higherIsBetter?: boolean;
  /** Expert specialty tags that fit the scale, and the ones that fit each positive dimension. */
  specialties: string[];
  dimensionSpecialties?: Record<string, string[]>;
  /** Course categories that fit the scale, and the ones that fit each positive dimension. */
  courses: CourseCategory[];
  dimensionCourses?: Record<string, CourseCategory[]>;
}

/** SCL-90 Chinese norm: 金华, 吴文源, 张明园 (1986), 中国正常人 SCL-90 评定结果的初步分析, N = 1388. */
const scl90Norms: Record<string, ReportNorm> = {
  total: { mean: 129.96, sd: 38.76 },
  totalMean: { mean: 1.44, sd: 0.43 },
  positiveCount: { mean: 24.92, sd: 18.41 },
  positiveMean: { mean: 2.6, sd: 0.59 },
  somatization: { mean: 1.37, sd: 0.48 },
  obsessiveCompulsive: { mean: 1.62, sd: 0.58 },
  interpersonalSensitivity: { mean: 1.65, sd: 0.61 },
  depression: { mean: 1.5, sd: 0.59 },
  anxiety: { mean: 1.39, sd: 0.43 },
  hostility: { mean: 1.48, sd: 0.56 },
  phobicAnxiety: { mean: 1.23, sd: 0.41 },
  paranoidIdeation: { mean: 1.43, sd: 0.57 },
  psychoticism: { mean: 1.29, sd: 0.42 },
};

const scl90: ScaleGuide = {
  norms: scl90Norms,
  normSource: '中国常模：金华、吴文源、张明园（1986），全国 13 个地区 1388 名正常成人。“其他”因子无常模。',
  positiveAt: 2,
  levels: [
    [1, '无明显症状'],
    [2, '轻度'],
    [3, '中度'],
    [4, '偏重'],
    [5, '严重'],
  ],
  scoreBands: {
    score: 'total',
    name: '总分',
    bands: [
      { label: '未达阳性标准', min: 90, max: 160 },
      { label: '筛查阳性（总分>160）', min: 161, max: 450 },
    ],
  },
  dimensions: {
    somatization: {
      about: '反映身体不适感，包括心血管、胃肠道、呼吸等系统的不适，以及头痛、背痛、肌肉酸痛等躯体表现。',
      advice:
        '建议先到综合医院排除躯体疾病；身体不适常与压力有关，可练习腹式呼吸、渐进式肌肉放松，保持规律作息和适度运动。',
    },
    obsessiveCompulsive: {
      about:
        '反映明知没有必要却难以摆脱的想法、冲动和行为，如反复检查、反复思考，以及注意力、记忆方面的困扰。',
      advice:
        '尝试觉察反复出现的想法而不急于对抗，逐步减少反复检查的次数；若已影响学习或工作，建议寻求认知行为治疗等专业帮助。',
    },
    interpersonalSensitivity: {
      about: '反映人际交往中的不自在与自卑感，尤其在与他人比较时，以及对他人评价的过度在意。',
      advice:
        '留意自己对他人评价的过度关注，练习坦诚地表达感受；可在信任的人或咨询师帮助下逐步建立人际自信。',
    },
    depression: {
      about: '反映苦闷的情绪与心境，生活兴趣减退、动力缺乏、活力下降，以及失望、悲观等感受。',
      advice:
        '保持规律作息和日间活动，多与亲友联系，不要独自承受；如低落持续两周以上或出现消极念头，请尽快寻求专业帮助。',
    },
    anxiety: {
      about: '反映烦躁、坐立不安、紧张、神经过敏，以及由此产生的心慌、发抖等躯体感受。',
      advice:
        '练习放松与正念，减少咖啡因摄入，把担心的事写下来、分出能做与不能做的；焦虑明显影响生活时建议寻求专业咨询。',
    },
    hostility: {
      about: '从思想、情感和行为三方面反映敌对表现，如厌烦、争论、摔东西，直至难以控制的冲动。',
      advice: '留意情绪升高的信号，给自己暂停的时间，用运动等方式释放压力，尝试以不伤人的方式表达不满。',
    },
    phobicAnxiety: {
      about: '反映对出门、空旷场所、人群、公共场所、交通工具以及社交场合的害怕与回避。',
      advice: '尝试循序渐进地接触让你害怕的情境，而不是一味回避；恐惧明显时可在专业人员指导下进行暴露练习。',
    },
    paranoidIdeation: {
      about: '反映猜疑、敌意、被人议论或被利用的感受等投射性想法。',
      advice:
        '出现怀疑他人的想法时，试着寻找其他可能的解释，并与信任的人核对；如怀疑强烈而持久，建议做专业评估。',
    },
    psychoticism: {
      about: '反映思维被控制、听到别人听不到的声音、孤独疏离等不寻常的体验。',
      advice: '此因子偏高需要重视，建议尽快请精神科医生或心理专业人员做进一步评估。',
    },
    additional: {
      about: '主要反映睡眠和饮食情况（入睡困难、早醒、食欲改变等）。',
      advice: '关注睡眠和饮食规律，睡前减少电子屏幕的使用；失眠持续两周以上建议就医。',
    },
  },
  specialties: ['情绪管理', '焦虑抑郁'],
  dimensionSpecialties: {
    somatization: ['躯体化症状'],
    obsessiveCompulsive: ['焦虑抑郁'],
    interpersonalSensitivity: ['人际关系'],
    depression: ['焦虑抑郁'],
    anxiety: ['焦虑抑郁'],
    hostility: ['情绪管理'],
    phobicAnxiety: ['焦虑抑郁'],
    paranoidIdeation: ['危机干预'],
    psychoticism: ['危机干预'],
    additional: ['睡眠障碍'],
  },
  courses: ['情绪管理', '睡眠', '自我成长'],
  dimensionCourses: {
    somatization: ['情绪管理', '睡眠'],
    obsessiveCompulsive: ['情绪管理'],
    interpersonalSensitivity: ['亲密关系', '自我成长'],
    depression: ['情绪管理'],
    anxiety: ['情绪管理'],
    hostility: ['情绪管理', '亲密关系'],
    phobicAnxiety: ['情绪管理'],
    additional: ['睡眠'],
  },
};

const zungNote = '标准分 = 粗分 × 1.25，取整数部分（中国常模）';

export const scaleGuides: Record<string, ScaleGuide> = {
  SCL90: scl90,
  SDS: {
    standardNote: `${zungNote}；分界值 53 分`,
    specialties: ['焦虑抑郁', '情绪管理'],
    courses: ['情绪管理', '睡眠'],
  },
  SAS: {
    standardNote: `${zungNote}；分界值 50 分`,
    specialties: ['焦虑抑郁', '情绪管理'],
    courses: ['情绪管理', '睡眠'],
  },
  PHQ9: { specialties: ['焦虑抑郁', '情绪管理'], courses: ['情绪管理', '睡眠'] },
  GAD7: { specialties: ['焦虑抑郁', '情绪管理'], courses: ['情绪管理', '睡眠'] },
  PHQ15: { specialties: ['躯体化症状', '睡眠障碍'], courses: ['睡眠', '情绪管理'] },
  K10: { specialties: ['情绪管理', '焦虑抑郁'], courses: ['情绪管理', '职场压力'] },
  WHO5: { higherIsBetter: true, specialties: ['情绪管理', '自我成长'], courses: ['自我成长', '睡眠'] },
};

/** Specialties every report may fall back on, and the one a crisis asks for first. */
export const GENERAL_SPECIALTIES = ['情绪管理', '焦虑抑郁'];
export const CRISIS_SPECIALTY = '危机干预';
/** Course categories every report may fall back on (an author's own scale has no guide). */
export const GENERAL_COURSES: CourseCategory[] = ['情绪管理', '自我成长'];

/** When to take the scale again: sooner when the result is positive. */
export const RETEST = {
  positiveDays: 14,
  negativeDays: 90,
  positiveNote: '建议 2 周后复测，观察变化；如症状加重，请及时寻求专业帮助。',
  negativeNote: '结果在正常范围内，建议 3 个月后或感到状态明显变化时复测。',
} as const;
