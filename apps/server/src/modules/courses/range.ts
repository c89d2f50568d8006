/** A byte range of a file of `size` bytes, both ends inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads an HTTP Range header (RFC 9110, one range): `bytes=a-b`, `bytes=a-`, `bytes=-n`.
 * Answers the range, 'none' when the header asks for no single byte range we serve (absent,
 * another unit, several ranges: the whole file is sent), or 'unsatisfiable' (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'none' | 'unsatisfiable' {
  if (!header) return 'none';
  const m = /^\s*(\w+)=(.*)$/.exec(header);
  if (!m || m[1]!.toLowerCase() !== 'bytes') return 'none';
  const spec = m[2]!.trim();
  if (spec.includes(',')) return 'none';
  const r = /^(\d*)-(\d*)$/.exec(spec);
  if (!r || (r[1] === '' && r[2] === '')) return 'unsatisfiable';
  if (size === 0) return 'unsatisfiable';
  if (r[1] === '') {
    // The last n bytes.
    const n = Number(r[2]);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(r[1]);
  const end = r[2] === '' ? size - 1 : Math.min(Number(r[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
