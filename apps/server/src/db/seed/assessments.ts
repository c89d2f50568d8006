import type { FormField } from '@psy/contracts';
import { eq, inArray } from 'drizzle-orm';
import { systemClock } from '../../lib/clock';
import { institutions } from '../../modules/institutions/institutions.table';
import { activities, planScales, plans } from '../../modules/plans/plans.table';
import { builtinScaleSources } from '../../modules/scales/builtins';
import { publishScaleDraft } from '../../modules/scales/scales.service';
import { scales } from '../../modules/scales/scales.table';
import type { Db } from '../client';

/** How each built-in scale is shown in the assessment centre, and what its full report costs. */
const catalogue: Record<string, { category: string; priceFen: number; intro: string }> = {
  PHQ9: {
    category: '抑郁',
    priceFen: 990,
    intro: '国际通用的抑郁症状筛查工具，9 道题评估过去两周的情绪、兴趣、睡眠、精力等状况，约 3 分钟完成。',
  },
  GAD7: {
    category: '焦虑',
    priceFen: 990,
    intro: '广泛性焦虑筛查量表，7 道题了解过去两周的紧张、担忧和放松困难程度。',
  },
  PHQ15: {
    category: '躯体症状',
    priceFen: 0,
    intro: '评估过去四周头痛、胃肠不适、心慌等 15 种常见躯体症状带来的困扰，帮助识别情绪相关的身体不适。',
  },
  K10: {
    category: '综合',
    priceFen: 0,
    intro: '凯斯勒心理困扰量表，10 道题评估过去 30 天的整体心理困扰水平，常用于人群心理健康普查。',
  },
  SDS: {
    category: '抑郁',
    priceFen: 990,
    intro: 'Zung 抑郁自评量表，20 道题，按中国常模换算标准分，评估近一周的抑郁症状程度。',
  },
  SAS: {
    category: '焦虑',
    priceFen: 990,
    intro: 'Zung 焦虑自评量表，20 道题，按中国常模换算标准分，评估近一周的焦虑症状程度。',
  },
  SCL90: {
    category: '综合',
    priceFen: 1990,
    intro:
      '症状自评量表（SCL-90），90 道题从躯体化、强迫、人际敏感、抑郁、焦虑等 10 个因子全面了解近一周的心理症状。',
  },
  WHO5: {
    category: '幸福感',
    priceFen: 0,
    intro: '世界卫生组织五项身心健康指标，5 道题快速了解近两周的积极情绪与生活活力。',
  },
};

const studentForm: FormField[] = [
  {
    key: 'college',
    label: '学院',
    type: 'select',
    required: true,
    options: ['文学院', '理学院', '工学院', '医学院', '经济管理学院', '其他'],
  },
  { key: 'studentNo', label: '学号', type: 'text', required: true },
];

/**
 * The eight built-in scales, published: reference data every deployment has, production
 * included (they carry no accounts and no secrets). Idempotent.
 */
export async function seedBuiltinScales(db: Db): Promise<void> {
  for (const source of builtinScaleSources) {
    const info = catalogue[source.code];
    if (!info) continue;
    const [made] = await db
      .insert(scales)
      .values({
        code: source.code,
        name: source.name,
        shortName: source.shortName,
        builtin: true,
        status: 'draft',
        draft: source,
        ...info,
      })
      .onConflictDoNothing({ target: scales.code })
      .returning();
    if (made) await db.transaction((tx) => publishScaleDraft(tx, made));
  }
}

/** Demo plans and activities built on the built-in scales. */
export async function seedAssessments(db: Db): Promise<void> {
  await seedBuiltinScales(db);
  const byCode = new Map(
    (await db.select({ id: scales.id, code: scales.code }).from(scales)).map((s) => [s.code, s.id]),
  );

  const demoPlans = [
    {
      title: '大学生心理健康普查',
      intro: '面向在校大学生的年度心理健康普查，包含抑郁（PHQ-9）与焦虑（GAD-7）两项筛查，约 6 分钟完成。',
      guidance:
        '同学你好！欢迎参加本学年心理健康普查。接下来你将依次完成两份简短的问卷，请根据最近两周的真实感受作答，答案没有对错之分。整个过程约需 6 分钟，作答中途离开也可以稍后继续。',
      consentText:
        '本次普查由学校心理健康服务站组织，目的是了解同学们的心理健康状况并及时提供支持。你的作答仅用于心理健康服务，结果仅你本人和服务站的专业老师可以查看，不会用于任何评优或处分。若结果提示你可能需要帮助，服务站老师会与你联系。你可以随时退出。',
      formFields: studentForm,
      priceFen: 0,
      requiresApproval: false,
      codes: ['PHQ9', 'GAD7'],
    },
    {
      title: '职场压力与身心状况评估',
      intro:
        '为企业员工设计的综合评估：心理困扰（K10）、躯体症状（PHQ-15）与幸福感（WHO-5），报告由专家审核后出具。',
      guidance:
        '您好！本评估帮助您了解近期的压力水平、身体不适和生活满意度。请在安静的环境中独立完成，根据最近一段时间的实际情况作答，约需 10 分钟。',
      consentText:
        '本评估由您所在单位的员工关爱计划（EAP）提供。作答内容和结果严格保密，单位不会获得任何个人结果。报告将由 EAP 专家审核后出具给您本人。若结果提示风险，EAP 专家会通过平台与您联系。您可以随时中止。',
      formFields: [
        { key: 'department', label: '所在部门', type: 'text', required: false } satisfies FormField,
      ],
      priceFen: 1990,
      requiresApproval: true,
      codes: ['K10', 'PHQ15', 'WHO5'],
    },
  ];
  for (const p of demoPlans) {
    const { codes, ...values } = p;
    const [made] = await db
      .insert(plans)
      .values(values)
      .onConflictDoNothing({ target: plans.title })
      .returning();
    if (!made) continue;
    await db
      .insert(planScales)
      .values(codes.map((c, position) => ({ planId: made.id, scaleId: byCode.get(c)!, position })));
  }

  const [plan] = await db.select().from(plans).where(eq(plans.title, '大学生心理健康普查'));
  const [school] = await db
    .select()
    .from(institutions)
    .where(inArray(institutions.name, ['上海青禾大学生心理健康服务站']));
  const now = systemClock();
  const day = 86_400_000;
  await db
    .insert(activities)
    .values([
      {
        title: '2026 秋季新生心理普查',
        intro: '新生入学心理健康普查，请各学院新生在活动期间完成。完成后可在“我的测评”中查看结果。',
        startsAt: new Date(now.getTime() - 7 * day),
        endsAt: new Date(now.getTime() + 60 * day),
        planId: plan!.id,
        institutionId: school?.id ?? null,
        formFields: [],
      },
      {
        title: '世界精神卫生日 · 幸福感自测',
        intro: '10 月 10 日世界精神卫生日主题活动：用 1 分钟了解自己近两周的身心状态。',
        startsAt: new Date(now.getTime() - 3 * day),
        endsAt: new Date(now.getTime() + 30 * day),
        scaleId: byCode.get('WHO5')!,
        institutionId: null,
        formFields: [],
      },
    ])
    .onConflictDoNothing({ target: activities.title });
}
