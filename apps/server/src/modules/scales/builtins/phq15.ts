import type { ScaleDefinitionInput } from '../engine/contracts';
import { optionSet, scoreAtLeast, sumOfItems } from './parts';

/**
 * PHQ-15 (Kroenke, Spitzer, Williams 2002). Free to reproduce, translate, display and distribute
 * (Pfizer). Item 4 is asked of women only; for anyone else it is not shown and not scored, so a
 * man's total is at most 28.
 */
const itemTexts = [
  '胃痛',
  '背痛',
  '胳膊、腿或关节疼痛（膝、髋等）',
  '月经痛或月经期间其他问题',
  '头痛',
  '胸痛',
  '头晕',
  '晕倒',
  '感到心脏怦怦跳动或跳得很快',
  '透不过气来',
  '性生活中有疼痛或其他问题',
  '便秘、肠道不舒服或腹泻',
  '恶心、排气或消化不良',
  '感到疲劳或无精打采',
  '睡眠有问题或烦恼',
];

export const phq15: ScaleDefinitionInput = {
  code: 'PHQ15',
  version: 1,
  name: '躯体症状群量表',
  shortName: 'PHQ-15',
  instructions: '在过去4周内，你受到以下问题困扰的程度如何？',
  timeframe: '过去4周',
  estimatedMinutes: 4,
  source:
    'Kroenke K, Spitzer RL, Williams JBW. The PHQ-15: validity of a new measure for evaluating the severity of somatic symptoms. Psychosom Med 2002;64:258-266.',
  optionSets: [optionSet('bother', 0, ['没有困扰', '有一点困扰', '有很多困扰'])],
  items: itemTexts.map((text, i) => ({
    number: i + 1,
    text,
    optionSet: 'bother',
    ...(i + 1 === 4 ? { showIf: { field: 'gender', equals: 'female' } } : {}),
  })),
  scores: [
    // prettier-ignore
    sumOfItems('total', '总分', [
      [0, 4, '极轻微', '躯体症状极轻微。', '保持规律作息和适度运动。'],
      [5, 9, '轻度', '存在轻度躯体症状。', '注意休息和压力调节；如症状持续，建议到医院就诊排查身体原因。'],
      [10, 14, '中度', '存在中度躯体症状。', '建议到医院就诊，排查身体原因，并关注情绪和压力对身体的影响。'],
      [15, 30, '重度', '存在重度躯体症状。', '建议尽快就医进行全面检查，必要时同时寻求心理科或精神科的评估。'],
    ]),
    // Items at the top option (有很多困扰), for the somatisation note.
    {
      key: 'severeItems',
      name: '困扰很多的项目数',
      expr: { op: 'countItems', cmp: 'eq', value: 2 },
      decimals: 0,
    },
  ],
  report: { raw: 'total', band: 'total' },
  // Not in scales.md: the published cut-off for medium somatic symptom severity, the start of 中度.
  positive: { anyOf: [scoreAtLeast('total', 10)] },
  notes: [
    {
      when: scoreAtLeast('severeItems', 3),
      text: '躯体化倾向明显，建议进一步评估',
    },
  ],
};
