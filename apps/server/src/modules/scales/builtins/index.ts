import { scaleDefinition, type ScaleDefinition, type ScaleDefinitionInput } from '../engine/contracts';
import { gad7 } from './gad7';
import { k10 } from './k10';
import { phq15 } from './phq15';
import { phq9 } from './phq9';
import { sas } from './sas';
import { scl90 } from './scl90';
import { sds } from './sds';
import { who5 } from './who5';

/** The built-in scales as authored, before parsing (what the seed stores). */
export const builtinScaleSources: readonly ScaleDefinitionInput[] = [
  phq9,
  gad7,
  phq15,
  k10,
  sds,
  sas,
  scl90,
  who5,
];

/**
 * Parsed at start-up through the same schema an author's definition goes through, so a mistake
 * in a built-in fails loudly at once instead of at someone's first assessment.
 */
export const builtinScales: readonly ScaleDefinition[] = builtinScaleSources.map((source) =>
  scaleDefinition.parse(source),
);

const byCode = new Map(builtinScales.map((def) => [def.code, def]));

/** The built-in definition with this code (e.g. 'PHQ9'), or undefined. */
export function builtinScaleByCode(code: string): ScaleDefinition | undefined {
  return byCode.get(code);
}
