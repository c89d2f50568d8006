import type { ScaleDefinitionInput } from '../engine/contracts';
import { itemsOn, optionSet, scoreAtLeast, sumOfItems } from './parts';

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
  optionSets: [optionSet('frequency', 0, ['完全不会', '好几天', '一半以上的天数', '几乎每天'])],
  items: itemsOn('frequency', itemTexts),
  scores: [
    // prettier-ignore
    sumOfItems('total', '总分', [
      [0, 4, '无/极轻微焦虑', '目前没有明显的焦虑症状。', '保持规律作息和适度运动，学习一些放松方法，留意自己的情绪变化。'],
      [5, 9, '轻度', '存在轻度焦虑症状。', '可以尝试放松训练、规律运动，与信任的人倾诉；如症状持续或加重，建议咨询心理咨询师。'],
      [10, 14, '中度', '存在中度焦虑症状。', '建议尽快向心理咨询师或精神科医生寻求专业评估。'],
      [15, 21, '重度', '存在重度焦虑症状。', '建议尽快到医院精神科或心理科就诊，接受专业评估和治疗。'],
    ]),
  ],
  report: { raw: 'total', band: 'total' },
  // Not in scales.md: the published screening cut-off (Spitzer 2006), the start of 中度.
  positive: { anyOf: [scoreAtLeast('total', 10)] },
  alerts: [
    {
      when: scoreAtLeast('total', 15),
      level: 2,
      reason: '焦虑症状重度（总分≥15）',
    },
  ],
};
