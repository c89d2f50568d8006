import type { ScaleDefinitionInput } from '../engine/contracts';

/**
 * K10 (Kessler et al. 2002), "available for unrestricted use". Bands from the Australian Bureau
 * of Statistics.
 */
const itemTexts = [
  '你有多经常无缘无故地感到疲惫不堪？',
  '你有多经常感到紧张？',
  '你有多经常紧张得无论怎样都平静不下来？',
  '你有多经常感到绝望？',
  '你有多经常感到坐立不安或烦躁？',
  '你有多经常烦躁得无法静坐？',
  '你有多经常感到抑郁？',
  '你有多经常感到做任何事情都很费劲？',
  '你有多经常悲伤得无论怎样都高兴不起来？',
  '你有多经常感到自己毫无价值？',
];

export const k10: ScaleDefinitionInput = {
  code: 'K10',
  version: 1,
  name: '凯斯勒心理困扰量表',
  shortName: 'K10',
  instructions: '以下问题是关于你在过去30天里的感受。请根据每种感受出现的频率，选择最符合你情况的选项。',
  timeframe: '过去30天',
  estimatedMinutes: 3,
  source:
    'Kessler RC, Andrews G, Colpe LJ, et al. Short screening scales to monitor population prevalences and trends in non-specific psychological distress. Psychol Med 2002;32:959-976.',
  optionSets: [
    {
      key: 'frequency',
      options: [
        { label: '几乎没有', value: 1 },
        { label: '较少', value: 2 },
        { label: '有时', value: 3 },
        { label: '经常', value: 4 },
        { label: '几乎一直', value: 5 },
      ],
    },
  ],
  items: itemTexts.map((text, i) => ({ number: i + 1, text, optionSet: 'frequency' })),
  scores: [
    {
      key: 'total',
      name: '总分',
      expr: { op: 'sumItems' },
      decimals: 0,
      bands: [
        {
          min: 10,
          max: 15,
          label: '低',
          interpretation: '心理困扰程度低。',
          advice: '保持良好的生活习惯和社会支持。',
        },
        {
          min: 16,
          max: 21,
          label: '中等',
          interpretation: '心理困扰程度中等。',
          advice: '注意调节压力和情绪，可以与信任的人交流；如困扰持续，建议咨询心理咨询师。',
        },
        {
          min: 22,
          max: 29,
          label: '高',
          interpretation: '心理困扰程度高。',
          advice: '建议尽快向心理咨询师或医生寻求专业评估。',
        },
        {
          min: 30,
          max: 50,
          label: '很高',
          interpretation: '心理困扰程度很高。',
          advice: '建议尽快到医院心理科或精神科就诊，接受专业评估和帮助。',
        },
      ],
    },
  ],
  report: { raw: 'total', band: 'total' },
  // Not in scales.md: "high or very high distress" (ABS), the start of 高.
  positive: { anyOf: [{ on: 'score', score: 'total', cmp: 'gte', value: 22 }] },
  alerts: [
    {
      when: { on: 'score', score: 'total', cmp: 'gte', value: 30 },
      level: 2,
      reason: '心理困扰很高（总分≥30）',
    },
  ],
};
