import { Pagination } from 'antd';
import type { CSSProperties } from 'react';

/**
 * Paging under a list, shown only when there is more than one page. `unit` adds 「共 N 个」
 * (the workbench lists' right-aligned pager); without it the pager stands centred.
 */
export function Pager({
  total,
  current,
  size,
  onChange,
  unit,
  marginTop = 16,
}: {
  total: number | undefined;
  current: number;
  size: number;
  onChange: (page: number) => void;
  unit?: string;
  marginTop?: number;
}) {
  if (total === undefined || total <= size) return null;
  const style: CSSProperties = unit
    ? { marginTop, textAlign: 'right' }
    : { marginTop, justifyContent: 'center' };
  return (
    <Pagination
      style={style}
      current={current}
      pageSize={size}
      total={total}
      showSizeChanger={false}
      showTotal={unit ? (t) => `共 ${t} ${unit}` : undefined}
      onChange={onChange}
    />
  );
}
