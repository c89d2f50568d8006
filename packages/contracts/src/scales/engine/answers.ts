import {
  scaleAnswerMessages,
  type ScaleBasicInfo,
  type ScaleDefinition,
  type ScaleItem,
  type ScaleOption,
} from './types';

/**
 * Answers that cannot be scored, with a Chinese message naming the item. The server turns it
 * into its 400 AnswerError; the editor's preview shows the message.
 */
export class ScaleAnswerError extends Error {
  constructor(
    message: string,
    /** The item the message names, or null when it is about the answers as a whole. */
    readonly item: number | null = null,
  ) {
    super(message);
    this.name = 'ScaleAnswerError';
  }
}

/** Whether an item is shown to this respondent. An item without `showIf` always is. */
export function isVisible(item: ScaleItem, basicInfo: ScaleBasicInfo | undefined): boolean {
  if (!item.showIf) return true;
  const { field, equals } = item.showIf;
  // Own properties only: a field named like an Object.prototype member must not match by accident.
  if (!basicInfo || !Object.hasOwn(basicInfo, field)) return false;
  return basicInfo[field] === equals;
}

/** The numbers of the items shown to this respondent, in order. */
export function visibleItems(def: ScaleDefinition, basicInfo?: ScaleBasicInfo): number[] {
  return def.items.filter((item) => isVisible(item, basicInfo)).map((item) => item.number);
}

/** The options an item shows, from its own list or its option set (integrity is checked by the schema). */
export function optionsOf(def: ScaleDefinition, item: ScaleItem): readonly ScaleOption[] {
  if (item.options) return item.options;
  const set = def.optionSets.find((s) => s.key === item.optionSet);
  if (!set) throw new Error(`option set ${String(item.optionSet)} missing: the definition was not parsed`);
  return set.options;
}

/**
 * The scored value of choosing `position` (1-based) on an item: the option's value, or for a
 * reverse item the value of the mirrored position n + 1 - position.
 */
export function valueOf(options: readonly ScaleOption[], position: number, reverse: boolean): number {
  const index = reverse ? options.length - position : position - 1;
  const option = options[index];
  if (!option) throw new Error(`position ${position} outside ${options.length} options`);
  return option.value;
}

export interface CheckedAnswers {
  /** Chosen positions, null for items not shown. */
  positions: (number | null)[];
  /** Scored values, null for items not shown. */
  values: (number | null)[];
}

/** Checks answers against the definition and scores each item; throws ScaleAnswerError naming the item. */
export function checkAnswers(
  def: ScaleDefinition,
  answers: unknown,
  basicInfo: ScaleBasicInfo | undefined,
): CheckedAnswers {
  if (!Array.isArray(answers)) throw new ScaleAnswerError(scaleAnswerMessages.notArray);
  const list: readonly unknown[] = answers;
  if (list.length !== def.items.length)
    throw new ScaleAnswerError(scaleAnswerMessages.count(def.items.length, list.length));
  const positions: (number | null)[] = [];
  const values: (number | null)[] = [];
  def.items.forEach((item, i) => {
    const answer = list[i];
    const given = answer !== null && answer !== undefined;
    if (!isVisible(item, basicInfo)) {
      if (given) throw new ScaleAnswerError(scaleAnswerMessages.hidden(item.number), item.number);
      positions.push(null);
      values.push(null);
      return;
    }
    if (!given) throw new ScaleAnswerError(scaleAnswerMessages.missing(item.number), item.number);
    const options = optionsOf(def, item);
    if (typeof answer !== 'number' || !Number.isInteger(answer) || answer < 1 || answer > options.length) {
      throw new ScaleAnswerError(scaleAnswerMessages.outOfRange(item.number), item.number);
    }
    positions.push(answer);
    values.push(valueOf(options, answer, item.reverse));
  });
  return { positions, values };
}
