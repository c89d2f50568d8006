import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Result, Select, Table, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { accountListQuery } from '../api/queries';
import type { AccountItem } from '../api/types';
import styles from '../components/demo.module.css';
import { useDemoTitle } from '../components/use-demo-title';

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
  useDemoTitle('账号表格');
  const { data, error, isPending, refetch } = useQuery(accountListQuery);
  const [keyword, setKeyword] = useState('');
  const [role, setRole] = useState<string | undefined>();

  const roles = useMemo(() => [...new Set((data?.list ?? []).map((a) => a.role_name))], [data]);
  const rows = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return (data?.list ?? []).filter(
      (a) =>
        (!role || a.role_name === role) &&
        (!k || [a.account, a.true_name, a.title].some((v) => v.toLowerCase().includes(k))),
    );
  }, [data, keyword, role]);

  if (error) {
    return (
      <Result
        status="error"
        title="账号表格加载失败"
        subTitle={error.message}
        extra={<Button onClick={() => refetch()}>重试</Button>}
      />
    );
  }
  return (
    <>
      <div className={styles.pageHeader}>
        <h1>账号表格</h1>
        <p>共 {data?.total ?? '—'} 个账号</p>
      </div>
      <Card>
        <div className={styles.filters}>
          <Input.Search
            allowClear
            placeholder="搜索账号、姓名或职位"
            onSearch={setKeyword}
            onChange={(e) => setKeyword(e.target.value)}
            style={{ flex: '1 1 260px', maxWidth: 420 }}
            aria-label="搜索账号"
          />
          <Select
            allowClear
            placeholder="全部角色"
            value={role}
            onChange={setRole}
            options={roles.map((r) => ({ value: r, label: r }))}
            style={{ width: 140 }}
            aria-label="角色"
          />
        </div>
        <Table<AccountItem>
          rowKey="id"
          size="middle"
          loading={isPending}
          dataSource={rows}
          columns={columns}
          pagination={{
            defaultPageSize: 10,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 30],
            showTotal: (t) => `共 ${t} 条`,
          }}
          locale={{ emptyText: keyword || role ? '没有符合条件的账号' : undefined }}
        />
      </Card>
    </>
  );
}
