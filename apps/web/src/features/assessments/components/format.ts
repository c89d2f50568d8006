import { yuan } from '../../../lib/format';

/** What the full report costs, as a card shows it (the summary itself is always free). */
export function reportPriceText(fen: number): string {
  return fen > 0 ? `完整报告 ${yuan(fen)}` : '完整报告免费';
}

/** Band colours come with the report's charts, so a tag and its chart agree. */
export { bandTone, toneColors, type BandTone } from '@psy/report-charts';

/** Scores with decimals show two (SCL-90 factor means); whole scores stay whole. */
export function scoreText(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

export const genderLabels = { male: '男', female: '女' } as const;
