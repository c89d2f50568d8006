import type { ScaleDefinitionInput } from '../engine/contracts';
import { itemsOn, multipleOf, optionSet, sumOfItems } from './parts';

/**
 * WHO-5 Well-Being Index (WHO Regional Office for Europe 1998). CC BY-NC-SA 3.0 IGO:
 * non-commercial use only (docs/scales.md). Options run from 5 (all of the time) down to 0, in
 * the published order; the percentage score is raw x 4.
 */
const itemTexts = [
  '我感到快乐、心情舒畅',
  '我感到平静和放松',
  '我感到充满活力、精力充沛',
  '我醒来时感到神清气爽，得到了充分休息',
  '我每天的生活中充满了让我感兴趣的事情',
];

export const who5: ScaleDefinitionInput = {
  code: 'WHO5',
  version: 1,
  name: '世界卫生组织五项幸福感指数',
  shortName: 'WHO-5',
  instructions: '请根据你在过去两周里的感受，为以下每一项选择最接近的选项。',
  timeframe: '过去两周',
  estimatedMinutes: 2,
  source:
    'World Health Organization. Wellbeing measures in primary health care: the DepCare project. WHO Regional Office for Europe, 1998. CC BY-NC-SA 3.0 IGO.',
  optionSets: [
    optionSet('time', 5, ['所有时间', '大部分时间', '一半以上时间', '一半以下时间', '偶尔', '从未有过'], -1),
  ],
  items: itemsOn('time', itemTexts),
  scores: [
    // prettier-ignore
    sumOfItems('raw', '原始分', [
      [null, 12, '幸福感较低', '近两周的主观幸福感较低。', '建议关注自己的情绪状态，必要时进一步做抑郁相关评估或咨询心理咨询师。'],
      [13, null, '幸福感良好', '近两周的主观幸福感处于良好水平。', '继续保持良好的生活习惯和社会交往。'],
    ]),
    multipleOf('percentage', '百分制得分', 'raw', 4, 'none'),
  ],
  report: { raw: 'raw', standard: 'percentage', band: 'raw' },
  // scales.md: raw < 13 means low well-being.
  positive: { anyOf: [{ on: 'score', score: 'raw', cmp: 'lt', value: 13 }] },
};
