import { z } from 'zod';
import { genderLabels } from './auth';
import { idParam } from './common';
import { areaList } from './regions';

/**
 * Statistics: the early-warning big screen (/echartMap), the test data centre (/expertEchart),
 * the group report PDF and the Excel export. Every figure is counted on the server inside the
 * caller's scope (statistics.policy.ts).
 */

/** Whose people the figures cover: an expert's own (assigned), their institution's, or everyone's (auditors). */
export const statsScopes = ['mine', 'institution', 'all'] as const;
export type StatsScope = (typeof statsScopes)[number];
export const statsScopeLabels: Record<StatsScope, string> = {
  mine: '我的来访者',
  institution: '本机构',
  all: '全平台',
};

/** Age bands of the cross-tabs and the filter (age as given in the basic info). */
export const ageBands = [
  { key: 'u18', label: '18岁以下', min: 0, max: 17 },
  { key: '18_24', label: '18-24岁', min: 18, max: 24 },
  { key: '25_34', label: '25-34岁', min: 25, max: 34 },
  { key: '35_44', label: '35-44岁', min: 35, max: 44 },
  { key: '45_59', label: '45-59岁', min: 45, max: 59 },
  { key: '60p', label: '60岁及以上', min: 60, max: 200 },
] as const;
export type AgeBandKey = (typeof ageBands)[number]['key'];
const ageBandKeys = ageBands.map((b) => b.key) as [AgeBandKey, ...AgeBandKey[]];

/** Province by the first two digits of a region code: '11' -> '北京市'. */
export function provinceName(code2: string): string | null {
  return areaList.province_list[`${code2}0000`] ?? null;
}
/** Every province: [two-digit code, name], in code order. */
export const provinces: [string, string][] = Object.entries(areaList.province_list)
  .map(([code, name]): [string, string] => [code.slice(0, 2), name])
  .sort((a, b) => a[0].localeCompare(b[0]));

/** 张小雨 -> 张**, 欧阳 -> 欧*: the big screen and masked exports never show a whole name. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '*';
  return `${chars[0]}${'*'.repeat(Math.max(1, chars.length - 1))}`;
}

/**
 * SCL-90 factor norms of Chinese adults (金华 et al. 1986, n = 1388), by dimension key:
 * mean and standard deviation of the factor score.
 */
export const scl90ChineseNorm: Record<string, { mean: number; sd: number }> = {
  somatization: { mean: 1.37, sd: 0.48 },
  obsessiveCompulsive: { mean: 1.62, sd: 0.58 },
  interpersonalSensitivity: { mean: 1.65, sd: 0.61 },
  depression: { mean: 1.5, sd: 0.59 },
  anxiety: { mean: 1.39, sd: 0.43 },
  hostility: { mean: 1.46, sd: 0.55 },
  phobicAnxiety: { mean: 1.23, sd: 0.41 },
  paranoidIdeation: { mean: 1.43, sd: 0.57 },
  psychoticism: { mean: 1.29, sd: 0.42 },
};

/** Labels of the cross-tabs' keys: 男/女, age bands, provinces ('' is a person who gave none). */
export const crossKeyLabel = {
  gender: (k: string) => genderLabels[k as 'male' | 'female'] ?? (k || '未填写'),
  ageBand: (k: string) => ageBands.find((b) => b.key === k)?.label ?? (k || '未填写'),
  province: (k: string) => provinceName(k) ?? (k || '未填写'),
};

/** The longest time range the data centre answers for (days). */
export const STATS_MAX_RANGE_DAYS = 366;
/** Rows one Excel export may hold. */
export const STATS_EXPORT_MAX_ROWS = 200_000;

const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, '日期不正确');

export const statsMessages = {
  rangeOrder: '开始日期不能晚于结束日期',
  rangeTooLong: `时间范围最长 ${STATS_MAX_RANGE_DAYS} 天`,
  scopeAll: '只有审核员可以查看全平台数据',
  noInstitution: '您尚未加入机构，无法查看本机构数据',
  exportTooLarge: (n: number) =>
    `导出的记录过多（${n} 条，最多 ${STATS_EXPORT_MAX_ROWS} 条），请缩小时间范围或增加筛选条件`,
};

/** `?scope=` of the big screen. */
export const statsScreenQuery = z.object({ scope: z.enum(statsScopes).optional() });

/** The data centre's filters (query string); dates are Shanghai calendar days, both included. */
export const statsFilterQuery = z
  .object({
    scope: z.enum(statsScopes).optional(),
    scaleId: idParam().optional(),
    planId: idParam().optional(),
    activityId: idParam().optional(),
    institutionId: idParam().optional(),
    from: dateText.optional(),
    to: dateText.optional(),
    gender: z.enum(['male', 'female']).optional(),
    ageBand: z.enum(ageBandKeys).optional(),
    /** Two-digit province code ('11' 北京市). */
    province: z
      .string()
      .regex(/^\d{2}$/, '请选择正确的省份')
      .refine((c) => provinceName(c) !== null, '请选择正确的省份')
      .optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: statsMessages.rangeOrder, path: ['from'] })
  .refine(
    (q) =>
      !q.from ||
      !q.to ||
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 <
        STATS_MAX_RANGE_DAYS,
    { message: statsMessages.rangeTooLong, path: ['to'] },
  );
export type StatsFilter = z.infer<typeof statsFilterQuery>;
/** What a client puts in the query string. */
export type StatsFilterParams = Partial<Record<keyof StatsFilter, string | number>>;

const levelCounts = z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int() });
export type LevelCounts = z.infer<typeof levelCounts>;

/** One warning on the big screen's ticker (name masked). */
export const screenWarning = z.object({
  id: z.number().int(),
  maskedName: z.string(),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  reason: z.string(),
  scaleName: z.string(),
  province: z.string().nullable(),
  createdAt: z.string(),
});
export type ScreenWarning = z.infer<typeof screenWarning>;

const bandCount = z.object({ label: z.string(), count: z.number().int() });

export const statsScreen = z.object({
  scope: z.enum(statsScopes),
  scopeLabel: z.string(),
  /** Scopes the caller may switch to. */
  scopes: z.array(z.enum(statsScopes)),
  generatedAt: z.string(),
  levels: z.object({ today: levelCounts, week: levelCounts, month: levelCounts }),
  /** The last 30 Shanghai days, oldest first. */
  trend: z.array(z.object({ date: z.string(), warnings: z.number().int(), assessments: z.number().int() })),
  /** Warnings and assessments of the last 30 days by province. */
  provinces: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      warnings: z.number().int(),
      assessments: z.number().int(),
    }),
  ),
  /** Band distribution of the most taken scales in the last 30 days. */
  bands: z.array(
    z.object({
      scaleId: z.number().int(),
      shortName: z.string(),
      total: z.number().int(),
      bands: z.array(bandCount),
    }),
  ),
  topInstitutions: z.array(z.object({ id: z.number().int(), name: z.string(), open: z.number().int() })),
  followUp: z.object({
    /** Warnings not closed. */
    open: z.number().int(),
    /** Median hours from a warning to its first follow-up record (last 30 days); null when none. */
    medianFirstContactHours: z.number().nullable(),
    /** Of the warnings raised 7 to 30 days ago, the share closed within 7 days (0..1); null when none. */
    closedWithin7Days: z.number().nullable(),
    contacted: z.number().int(),
    eligibleFor7Days: z.number().int(),
  }),
  latest: z.array(screenWarning),
});
export type StatsScreen = z.infer<typeof statsScreen>;

/** Open screening campaigns the big screen lists at most (the soonest to close first). */
export const SCREEN_CAMPAIGNS_MAX = 3;

/** An open screening campaign on the big screen: live completion and warnings raised, no names. */
export const screenCampaign = z.object({
  id: z.number().int(),
  title: z.string(),
  institutionName: z.string(),
  closesAt: z.string(),
  /** Targeted members with an account. */
  total: z.number().int(),
  completed: z.number().int(),
  started: z.number().int(),
  /** Warnings raised by the campaign's takes. */
  warnings: z.number().int(),
});
export type ScreenCampaign = z.infer<typeof screenCampaign>;

/**
 * `GET /api/stats/screen/campaigns?scope=`: the open campaigns in the screen's scope (全平台: all;
 * 本机构: the expert's institution's; 我的来访者: none, a campaign is not one expert's people).
 */
export const statsScreenCampaigns = z.object({
  scope: z.enum(statsScopes),
  /** Open campaigns in the scope (the list holds at most SCREEN_CAMPAIGNS_MAX of them). */
  open: z.number().int(),
  list: z.array(screenCampaign),
});
export type StatsScreenCampaigns = z.infer<typeof statsScreenCampaigns>;

/** What the big screen's real-time channel carries (`/user/{id}/dashboard`). */
export interface DashboardPush {
  type: 'warning';
  /** The caller's scopes this warning counts in. */
  scopes: StatsScope[];
  warning: ScreenWarning;
}

const option = z.object({ id: z.number().int(), name: z.string() });
export const statsOptions = z.object({
  scopes: z.array(z.enum(statsScopes)),
  defaultScope: z.enum(statsScopes),
  scales: z.array(option.extend({ code: z.string() })),
  plans: z.array(option),
  activities: z.array(option),
  institutions: z.array(option),
});
export type StatsOptions = z.infer<typeof statsOptions>;

const crossCell = z.object({ band: z.string(), key: z.string(), count: z.number().int() });

export const statsCenter = z.object({
  scope: z.enum(statsScopes),
  from: z.string(),
  to: z.string(),
  /** Submitted assessments matching the filter, and the people who took them. */
  total: z.number().int(),
  people: z.number().int(),
  overTime: z.array(z.object({ date: z.string(), count: z.number().int() })),
  /** The scale the scale-specific charts are about: the one filtered on, else the most taken. */
  scale: z
    .object({ id: z.number().int(), name: z.string(), shortName: z.string(), code: z.string() })
    .nullable(),
  bands: z.array(bandCount),
  score: z.object({
    n: z.number().int(),
    meanRaw: z.number().nullable(),
    meanStandard: z.number().nullable(),
  }),
  dimensions: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      mean: z.number(),
      norm: z.object({ mean: z.number(), sd: z.number() }).nullable(),
    }),
  ),
  positive: z.object({ positive: z.number().int(), total: z.number().int(), rate: z.number().nullable() }),
  cross: z.object({
    gender: z.array(crossCell),
    ageBand: z.array(crossCell),
    province: z.array(crossCell),
  }),
  plans: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      started: z.number().int(),
      completed: z.number().int(),
      /** Started more than 7 days ago and never finished. */
      dropped: z.number().int(),
    }),
  ),
  /** By attempt number of the same person on the same scale (1, 2, 3 = third or later). */
  retakes: z.array(
    z.object({ attempt: z.number().int(), count: z.number().int(), meanRaw: z.number().nullable() }),
  ),
});
export type StatsCenter = z.infer<typeof statsCenter>;
