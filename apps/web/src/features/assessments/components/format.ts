import { yuan } from '../../../lib/format';

/** What the full report costs, as a card shows it (the summary itself is always free). */
export function reportPriceText(fen: number): string {
  return fen > 0 ? `完整报告 ${yuan(fen)}` : '完整报告免费';
}

export type BandTone = 'calm' | 'mild' | 'moderate' | 'high';

/**
 * A tone for a band label, from the words the built-in scales use (无/极轻微 · 轻度 · 中度/中等/高 ·
 * 中重度/重度/很高). Soft colours: a result is information, not an alarm.
 */
export function bandTone(label: string): BandTone {
  if (/无|极轻微|良好|正常/.test(label) || label === '低') return 'calm';
  if (/重|很高|严重/.test(label)) return 'high';
  if (/中|高|较低|偏/.test(label)) return 'moderate';
  if (/轻/.test(label)) return 'mild';
  return 'moderate';
}

export const toneColors: Record<BandTone, { tag: string; bar: string }> = {
  calm: { tag: 'green', bar: '#52c41a' },
  mild: { tag: 'gold', bar: '#faad14' },
  moderate: { tag: 'orange', bar: '#fa8c16' },
  high: { tag: 'volcano', bar: '#f5622d' },
};

/** Scores with decimals show two (SCL-90 factor means); whole scores stay whole. */
export function scoreText(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

export function durationText(seconds: number | null | undefined): string {
  if (!seconds) return '—';
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m} 分 ${s} 秒` : `${s} 秒`;
}

export const genderLabels = { male: '男', female: '女' } as const;
