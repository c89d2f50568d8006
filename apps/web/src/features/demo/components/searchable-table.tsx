import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Input, Result, Select, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import type { Paged } from '../api/types';
import styles from './demo.module.css';
import { useDemoTitle } from './use-demo-title';

interface SearchableTableProps<T> {
  /** The page's title, also the tab's. */
  title: string;
  /** What one row is, for "共 N 个…" and the empty filter result ("账号", "站点"). */
  noun: string;
  query: UseQueryResult<Paged<T>>;
  columns: TableColumnsType<T>;
  search: { placeholder: string; label: string; fields: (row: T) => string[] };
  /** One select that keeps the rows whose `field` equals the chosen value. */
  filter: {
    placeholder: string;
    label: string;
    field: (row: T) => string;
    options: { value: string; label: string }[];
  };
  pageSizeOptions: number[];
}

/**
 * A mock list the console pages, sorts and searches by itself (the mock answers every row at
 * once): a title with the count, a search box and one select, then the table.
 */
export function SearchableTable<T extends { id: number }>(props: SearchableTableProps<T>) {
  const { title, noun, query, columns, search, filter } = props;
  useDemoTitle(title);
  const { data, error, isPending, refetch } = query;
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<string | undefined>();

  const rows = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return (data?.list ?? []).filter(
      (row) =>
        (!chosen || filter.field(row) === chosen) &&
        (!k || search.fields(row).some((v) => v.toLowerCase().includes(k))),
    );
  }, [data, keyword, chosen, filter, search]);

  if (error) {
    return (
      <Result
        status="error"
        title={`${title}加载失败`}
        subTitle={error.message}
        extra={<Button onClick={() => refetch()}>重试</Button>}
      />
    );
  }
  return (
    <>
      <div className={styles.pageHeader}>
        <h1>{title}</h1>
        <p>
          共 {data?.total ?? '—'} 个{noun}
        </p>
      </div>
      <Card>
        <div className={styles.filters}>
          <Input.Search
            allowClear
            placeholder={search.placeholder}
            onSearch={setKeyword}
            onChange={(e) => setKeyword(e.target.value)}
            style={{ flex: '1 1 260px', maxWidth: 420 }}
            aria-label={search.label}
          />
          <Select
            allowClear
            placeholder={filter.placeholder}
            value={chosen}
            onChange={setChosen}
            options={filter.options}
            style={{ width: 140 }}
            aria-label={filter.label}
          />
        </div>
        <Table<T>
          rowKey="id"
          size="middle"
          loading={isPending}
          dataSource={rows}
          columns={columns}
          pagination={{
            defaultPageSize: 10,
            showSizeChanger: true,
            pageSizeOptions: props.pageSizeOptions,
            showTotal: (t) => `共 ${t} 条`,
          }}
          locale={{ emptyText: keyword || chosen ? `没有符合条件的${noun}` : undefined }}
        />
      </Card>
    </>
  );
}
