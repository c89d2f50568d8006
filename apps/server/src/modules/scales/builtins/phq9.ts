import type { ScaleDefinitionInput } from '../engine/contracts';
import { itemsOn, optionSet, scoreAtLeast, sumOfItems } from './parts';

/** PHQ-9 (Kroenke, Spitzer, Williams 2001). Free to reproduce, translate, display and distribute (Pfizer). */
const itemTexts = [
  '做事时提不起劲或没有兴趣',
  '感到心情低落、沮丧或绝望',
  '入睡困难、睡不安稳或睡眠过多',
  '感觉疲倦或没有活力',
  '食欲不振或吃太多',
  '觉得自己很糟，或觉得自己很失败，或让自己或家人失望',
  '对事物专注有困难，例如阅读报纸或看电视时',
  '动作或说话速度缓慢到别人已经觉察；或正好相反，烦躁或坐立不安、动来动去的情况更胜于平常',
  '有不如死掉或用某种方式伤害自己的念头',
];

export const phq9: ScaleDefinitionInput = {
  code: 'PHQ9',
  version: 1,
  name: '患者健康问卷抑郁量表',
  shortName: 'PHQ-9',
  instructions: '在过去两周里，你生活中以下症状出现的频率有多少？',
  timeframe: '过去两周',
  estimatedMinutes: 3,
  source: 'Kroenke K, Spitzer RL, Williams JBW. The PHQ-9. J Gen Intern Med 2001;16:606-613.',
  optionSets: [optionSet('frequency', 0, ['完全不会', '好几天', '一半以上的天数', '几乎每天'])],
  items: itemsOn('frequency', itemTexts),
  scores: [
    // prettier-ignore
    sumOfItems('total', '总分', [
      [0, 4, '无/极轻微抑郁', '目前没有明显的抑郁症状。', '保持规律作息、适度运动和良好的社会交往，留意自己的情绪变化。'],
      [5, 9, '轻度', '存在轻度抑郁症状。', '注意调节情绪、规律作息，可以与信任的人聊聊；如症状持续两周以上或加重，建议咨询心理咨询师。'],
      [10, 14, '中度', '存在中度抑郁症状。', '建议尽快向心理咨询师或精神科医生寻求专业评估。'],
      [15, 19, '中重度', '存在中重度抑郁症状。', '建议尽快到医院精神科或心理科就诊，接受专业评估和治疗。'],
      [20, 27, '重度', '存在重度抑郁症状。', '请尽快到医院精神科就诊；如有伤害自己的想法，请立即联系心理援助热线或身边可信任的人。'],
    ]),
  ],
  report: { raw: 'total', band: 'total' },
  // Not in scales.md: the published screening cut-off (Kroenke 2001), the start of 中度.
  positive: { anyOf: [scoreAtLeast('total', 10)] },
  alerts: [
    { when: { on: 'item', item: 9, cmp: 'gte', value: 1 }, level: 3, reason: '自伤/自杀意念', crisis: true },
    {
      when: scoreAtLeast('total', 15),
      level: 2,
      reason: '抑郁症状中重度及以上（总分≥15）',
    },
  ],
};
