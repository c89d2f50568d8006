import { Segmented } from 'antd';

/** The tabs over a workbench list: each state with how many items are in it (全部 3 · 草稿 1 …). */
export function StatusFilter<F extends string>({
  value,
  onChange,
  options,
  count,
}: {
  value: F;
  onChange: (v: F) => void;
  options: { value: F; label: string }[];
  count: (f: F) => number;
}) {
  return (
    <div style={{ overflowX: 'auto', marginBottom: 8 }}>
      <Segmented<F>
        value={value}
        onChange={onChange}
        options={options.map((o) => ({ value: o.value, label: `${o.label} ${count(o.value)}` }))}
      />
    </div>
  );
}

/**
 * The `count` of a StatusFilter over a list's counts by status: 'all' is their sum, any other
 * status its own; 0 until the list has loaded.
 */
export function countIn<S extends string>(counts: Record<S, number> | undefined) {
  return (f: S | 'all'): number =>
    (f === 'all' ? counts && Object.values<number>(counts).reduce((s, n) => s + n, 0) : counts?.[f as S]) ??
    0;
}
