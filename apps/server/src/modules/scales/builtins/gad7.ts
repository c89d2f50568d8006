import type { ScaleDefinitionInput } from '../engine/contracts';

/** GAD-7 (Spitzer et al. 2006). Free to reproduce, translate, display and distribute (Pfizer). */
const itemTexts = [
  '感觉紧张、焦虑或急切',
  '不能够停止或控制担忧',
  '对各种各样的事情担忧过多',
  '很难放松下来',
  '由于不安而无法静坐',
  '变得容易烦恼或急躁',
  '感到似乎将有可怕的事情发生而害怕',
];

export const gad7: ScaleDefinitionInput = {
  code: 'GAD7',
  version: 1,
  name: '广泛性焦虑量表',
  shortName: 'GAD-7',
  instructions: '在过去两周里，你生活中以下症状出现的频率有多少？',
  timeframe: '过去两周',
  estimatedMinutes: 2,
  source:
    'Spitzer RL, Kroenke K, Williams JBW, Löwe B. A brief measure for assessing generalized anxiety disorder: the GAD-7. Arch Intern Med 2006;166:1092-1097.',
  optionSets: [
    {
      key: 'frequency',
      options: [
        { label: '完全不会', value: 0 },
        { label: '好几天', value: 1 },
        { label: '一半以上的天数', value: 2 },
        { label: '几乎每天', value: 3 },
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
          min: 0,
          max: 4,
          label: '无/极轻微焦虑',
          interpretation: '目前没有明显的焦虑症状。',
          advice: '保持规律作息和适度运动，学习一些放松方法，留意自己的情绪变化。',
        },
        {
          min: 5,
          max: 9,
          label: '轻度',
          interpretation: '存在轻度焦虑症状。',
          advice: '可以尝试放松训练、规律运动，与信任的人倾诉；如症状持续或加重，建议咨询心理咨询师。',
        },
        {
          min: 10,
          max: 14,
          label: '中度',
          interpretation: '存在中度焦虑症状。',
          advice: '建议尽快向心理咨询师或精神科医生寻求专业评估。',
        },
        {
          min: 15,
          max: 21,
          label: '重度',
          interpretation: '存在重度焦虑症状。',
          advice: '建议尽快到医院精神科或心理科就诊，接受专业评估和治疗。',
        },
      ],
    },
  ],
  report: { raw: 'total', band: 'total' },
  // Not in scales.md: the published screening cut-off (Spitzer 2006), the start of 中度.
  positive: { anyOf: [{ on: 'score', score: 'total', cmp: 'gte', value: 10 }] },
  alerts: [
    {
      when: { on: 'score', score: 'total', cmp: 'gte', value: 15 },
      level: 2,
      reason: '焦虑症状重度（总分≥15）',
    },
  ],
};
