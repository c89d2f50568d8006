import type { ScaleDefinitionInput } from '../engine/contracts';
import { itemsOn, optionSet, scoreAtLeast, sumOfItems } from './parts';

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
  optionSets: [optionSet('frequency', 1, ['几乎没有', '较少', '有时', '经常', '几乎一直'])],
  items: itemsOn('frequency', itemTexts),
  scores: [
    // prettier-ignore
    sumOfItems('total', '总分', [
      [10, 15, '低', '心理困扰程度低。', '保持良好的生活习惯和社会支持。'],
      [16, 21, '中等', '心理困扰程度中等。', '注意调节压力和情绪，可以与信任的人交流；如困扰持续，建议咨询心理咨询师。'],
      [22, 29, '高', '心理困扰程度高。', '建议尽快向心理咨询师或医生寻求专业评估。'],
      [30, 50, '很高', '心理困扰程度很高。', '建议尽快到医院心理科或精神科就诊，接受专业评估和帮助。'],
    ]),
  ],
  report: { raw: 'total', band: 'total' },
  // Not in scales.md: "high or very high distress" (ABS), the start of 高.
  positive: { anyOf: [scoreAtLeast('total', 22)] },
  alerts: [
    {
      when: scoreAtLeast('total', 30),
      level: 2,
      reason: '心理困扰很高（总分≥30）',
    },
  ],
};
