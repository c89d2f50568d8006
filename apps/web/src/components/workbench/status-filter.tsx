import { Segmented } from 'antd';
import type { CSSProperties } from 'react';

/**
 * The tabs over a workbench list: each state with how many items are in it (全部 3 · 草稿 1 …);
 * a state whose count is not known yet (undefined) shows its label alone.
 */
export function StatusFilter<F extends string>({
  value,
  onChange,
  options,
  count,
  style = { overflowX: 'auto', marginBottom: 8 },
}: {
  value: F;
  onChange: (v: F) => void;
  options: { value: F; label: string }[];
  count: (f: F) => number | undefined;
  style?: CSSProperties;
}) {
  return (
    <div style={style}>
      <Segmented<F>
        value={value}
        onChange={onChange}
        options={options.map((o) => {
          const n = count(o.value);
          return { value: o.value, label: n === undefined ? o.label : `${o.label} ${n}` };
        })}
      />
    </div>
  );
}

/**
 * The `count` of a StatusFilter over a list's counts by status: 'all' is their sum, any other
 * status its own (0 when missing); `whileLoading` until the list has loaded.
 */
export function countIn<S extends string>(
  counts: Record<S, number> | undefined,
  whileLoading: number | undefined = 0,
) {
  return (f: S | 'all'): number | undefined => {
    if (!counts) return whileLoading;
    return (f === 'all' ? Object.values<number>(counts).reduce((s, n) => s + n, 0) : counts[f as S]) ?? 0;
  };
}
