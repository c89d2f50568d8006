import type { ScaleDefinitionInput } from '../engine/contracts';
import { scoreAtLeast } from './parts';
import { zungScale } from './zung';

/**
 * Zung Self-Rating Anxiety Scale (Zung 1971), Chinese version and norm. Licence status not
 * settled (docs/scales.md); an admin can take it offline. Reverse items: 5, 9, 13, 17, 19.
 */
const items: Array<[text: string, reverse: boolean]> = [
  ['我觉得比平常容易紧张和着急', false],
  ['我无缘无故地感到害怕', false],
  ['我容易心里烦乱或觉得惊恐', false],
  ['我觉得我可能将要发疯', false],
  ['我觉得一切都很好，也不会发生什么不幸', true],
  ['我手脚发抖打颤', false],
  ['我因为头痛、颈痛和背痛而苦恼', false],
  ['我感觉容易衰弱和疲乏', false],
  ['我觉得心平气和，并且容易安静坐着', true],
  ['我觉得心跳得很快', false],
  ['我因为一阵阵头晕而苦恼', false],
  ['我有晕倒发作，或觉得要晕倒似的', false],
  ['我吸气呼气都感到很容易', true],
  ['我的手脚麻木和刺痛', false],
  ['我因为胃痛和消化不良而苦恼', false],
  ['我常常要小便', false],
  ['我的手常常是干燥温暖的', true],
  ['我脸红发热', false],
  ['我容易入睡并且一夜睡得很好', true],
  ['我做恶梦', false],
];

export const sas: ScaleDefinitionInput = zungScale({
  code: 'SAS',
  name: '焦虑自评量表',
  shortName: 'SAS',
  source:
    'Zung WWK. A rating instrument for anxiety disorders. Psychosomatics 1971;12:371-379. 中国常模分界值为标准分50分。',
  items,
  cutoffs: [50, 60, 70],
  bands: [
    {
      label: '无焦虑症状',
      interpretation: '目前没有明显的焦虑症状。',
      advice: '保持规律作息和适度运动，学习一些放松方法。',
    },
    {
      label: '轻度',
      interpretation: '存在轻度焦虑症状。',
      advice: '可以尝试放松训练、规律运动，与信任的人倾诉；如症状持续或加重，建议咨询心理咨询师。',
    },
    {
      label: '中度',
      interpretation: '存在中度焦虑症状。',
      advice: '建议尽快向心理咨询师或精神科医生寻求专业评估。',
    },
    {
      label: '重度',
      interpretation: '存在重度焦虑症状。',
      advice: '建议尽快到医院精神科或心理科就诊，接受专业评估和治疗。',
    },
  ],
  alerts: [
    {
      when: scoreAtLeast('standard', 70),
      level: 2,
      reason: '重度焦虑症状（标准分≥70）',
    },
  ],
});
