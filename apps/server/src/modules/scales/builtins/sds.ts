import type { ScaleDefinitionInput } from '../engine/contracts';
import { scoreAtLeast } from './parts';
import { zungScale } from './zung';

/**
 * Zung Self-Rating Depression Scale (Zung 1965), Chinese version and norm. Licence status not
 * settled (docs/scales.md); an admin can take it offline. Forward items score A1 B2 C3 D4,
 * reverse items (2, 5, 6, 11, 12, 14, 16, 17, 18, 20) A4 B3 C2 D1.
 */
const items: Array<[text: string, reverse: boolean]> = [
  ['我觉得闷闷不乐，情绪低沉', false],
  ['我觉得一天之中早晨最好', true],
  ['我一阵阵哭出来或觉得想哭', false],
  ['我晚上睡眠不好', false],
  ['我吃得跟平常一样多', true],
  ['我与异性密切接触时和以往一样感到愉快', true],
  ['我发觉我的体重在下降', false],
  ['我有便秘的苦恼', false],
  ['我心跳比平常快', false],
  ['我无缘无故地感到疲乏', false],
  ['我的头脑跟平常一样清楚', true],
  ['我觉得经常做的事情并没有困难', true],
  ['我觉得不安而平静不下来', false],
  ['我对将来抱有希望', true],
  ['我比平常容易生气激动', false],
  ['我觉得作出决定是容易的', true],
  ['我觉得自己是个有用的人，有人需要我', true],
  ['我的生活过得很有意思', true],
  ['我认为如果我死了别人会生活得好些', false],
  ['平常感兴趣的事我仍然照样感兴趣', true],
];

export const sds: ScaleDefinitionInput = zungScale({
  code: 'SDS',
  name: '抑郁自评量表',
  shortName: 'SDS',
  source:
    'Zung WWK. A self-rating depression scale. Arch Gen Psychiatry 1965;12:63-70. 中国常模分界值为标准分53分。',
  items,
  cutoffs: [53, 63, 73],
  bands: [
    {
      label: '无抑郁症状',
      interpretation: '目前没有明显的抑郁症状。',
      advice: '保持规律作息、适度运动和良好的社会交往。',
    },
    {
      label: '轻度',
      interpretation: '存在轻度抑郁症状。',
      advice: '注意调节情绪、规律作息，可以与信任的人聊聊；如症状持续两周以上或加重，建议咨询心理咨询师。',
    },
    {
      label: '中度',
      interpretation: '存在中度抑郁症状。',
      advice: '建议尽快向心理咨询师或精神科医生寻求专业评估。',
    },
    {
      label: '重度',
      interpretation: '存在重度抑郁症状。',
      advice: '请尽快到医院精神科就诊；如有伤害自己的想法，请立即联系心理援助热线或身边可信任的人。',
    },
  ],
  alerts: [
    // "At C or D": the chosen position, whatever the item's values.
    {
      when: { on: 'item', item: 19, by: 'position', cmp: 'gte', value: 3 },
      level: 3,
      reason: '自杀意念',
      crisis: true,
    },
    {
      when: scoreAtLeast('standard', 73),
      level: 2,
      reason: '重度抑郁症状（标准分≥73）',
    },
  ],
});
