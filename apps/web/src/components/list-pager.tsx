import { Pagination } from 'antd';

/** The pager under a workbench list: shown only when there is more than one page. */
export function ListPager({
  total,
  pageSize,
  current,
  onChange,
}: {
  total: number | undefined;
  pageSize: number;
  current: number;
  onChange: (page: number) => void;
}) {
  if (!total || total <= pageSize) return null;
  return (
    <Pagination
      style={{ marginTop: 16 }}
      align="end"
      current={current}
      pageSize={pageSize}
      total={total}
      showSizeChanger={false}
      onChange={onChange}
    />
  );
}
