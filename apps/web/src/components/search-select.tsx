import { Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { formatDate } from '../lib/format';

/** A search box's text, settled for 300 ms, so a query is not sent on every key. */
export function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), 300);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** What a server search for the choices has found so far. */
interface Found<T> {
  data?: T[];
  isFetching: boolean;
  isPending: boolean;
}

/**
 * A form's Select whose choices a server search finds as the user types (`onSearch` takes the
 * text; pair it with `useSettled`): 加载中… until the first answer, then `notFound` if empty.
 */
export function SearchSelect<T extends { id: number }>({
  found,
  onSearch,
  notFound,
  label,
  ...select
}: Omit<SelectProps<number>, 'options' | 'showSearch' | 'loading' | 'notFoundContent'> & {
  found: Found<T>;
  onSearch: (text: string) => void;
  notFound: string;
  label: (choice: T) => string;
}) {
  return (
    <Select<number>
      {...select}
      showSearch={{ onSearch, filterOption: false }}
      loading={found.isFetching}
      notFoundContent={found.isPending ? '加载中…' : notFound}
      options={(found.data ?? []).map((t) => ({ value: t.id, label: label(t) }))}
    />
  );
}

/** How an expert's choice of one of the people they serve reads: name, phone, last assessment. */
export const servedPersonLabel = (p: { name: string; telephone: string; lastAssessmentAt: string | null }) =>
  `${p.name || '未命名用户'}（${p.telephone}）${p.lastAssessmentAt ? ` · 最近测评 ${formatDate(p.lastAssessmentAt)}` : ''}`;
