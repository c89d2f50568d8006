/** 754 -> 12:34, 3723 -> 1:02:03: a lesson's length or a position in it. */
export function clock(sec: number): string {
  const s = Math.max(0, Math.floor(sec));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A course's total length in words: 约 1 小时 20 分钟, 约 25 分钟, 24 秒. */
export function totalLength(sec: number): string {
  if (sec < 60) return sec > 0 ? `${sec} 秒` : '图文课程';
  const h = Math.floor(sec / 3600);
  const m = Math.round((sec % 3600) / 60);
  return h > 0 ? `约 ${h} 小时${m ? ` ${m} 分钟` : ''}` : `约 ${m} 分钟`;
}

/** 9.9 元 or 免费. */
export const priceText = (fen: number, yuan: (f: number) => string) => (fen === 0 ? '免费' : yuan(fen));

/** A key for a new chapter or lesson: kept across edits and versions, so progress follows it. */
export const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => (b % 36).toString(36)).join('');
