import { useQuery } from '@tanstack/react-query';
import { Tag, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { accountListQuery } from '../api/queries';
import type { AccountItem } from '../api/types';
import styles from '../components/demo.module.css';
import { SearchableTable } from '../components/searchable-table';

const ROLE_COLORS: Record<string, string> = { 管理员: 'cyan', 审核员: 'purple', 内容编辑: 'blue' };

const columns: TableColumnsType<AccountItem> = [
  { title: '编号', dataIndex: 'id', width: 80, sorter: (a, b) => a.id - b.id, responsive: ['sm'] },
  {
    title: '账号',
    dataIndex: 'account',
    className: styles.mono,
    sorter: (a, b) => a.account.localeCompare(b.account),
  },
  {
    title: '姓名',
    dataIndex: 'true_name',
    width: 110,
    sorter: (a, b) => a.true_name.localeCompare(b.true_name, 'zh-CN'),
  },
  { title: '职位', dataIndex: 'title', responsive: ['md'] },
  {
    title: '角色',
    dataIndex: 'role_name',
    width: 110,
    render: (r: string) => <Tag color={ROLE_COLORS[r] ?? 'default'}>{r}</Tag>,
  },
  {
    title: '创建时间',
    dataIndex: 'created_at',
    width: 176,
    defaultSortOrder: 'descend',
    sorter: (a, b) => a.created_at.localeCompare(b.created_at),
    responsive: ['lg'],
  },
];

/** Module table (administrator only): the mock's /table/list accounts, paged, sorted and searched here. */
export function Component() {
  const query = useQuery(accountListQuery);
  const roles = useMemo(() => [...new Set((query.data?.list ?? []).map((a) => a.role_name))], [query.data]);
  return (
    <SearchableTable<AccountItem>
      title="账号表格"
      noun="账号"
      query={query}
      columns={columns}
      search={{
        placeholder: '搜索账号、姓名或职位',
        label: '搜索账号',
        fields: (a) => [a.account, a.true_name, a.title],
      }}
      filter={{
        placeholder: '全部角色',
        label: '角色',
        field: (a) => a.role_name,
        options: roles.map((r) => ({ value: r, label: r })),
      }}
      pageSizeOptions={[10, 20, 30]}
    />
  );
}
