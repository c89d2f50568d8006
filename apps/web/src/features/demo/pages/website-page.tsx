import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Result, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { siteListQuery } from '../api/queries';
import type { SiteItem } from '../api/types';
import styles from '../components/demo.module.css';
import { useDemoTitle } from '../components/use-demo-title';

const columns: TableColumnsType<SiteItem> = [
  {
    title: '编号',
    dataIndex: 'id',
    width: 80,
    sorter: (a, b) => a.id - b.id,
    defaultSortOrder: 'ascend',
    responsive: ['sm'],
  },
  {
    title: '网址',
    dataIndex: 'url',
    ellipsis: true,
    render: (url: string) => (
      <Typography.Text className={styles.mono} copyable={{ text: url, tooltips: ['复制', '已复制'] }}>
        {url}
      </Typography.Text>
    ),
  },
  {
    title: '域名',
    dataIndex: 'domain',
    sorter: (a, b) => a.domain.localeCompare(b.domain),
    responsive: ['md'],
  },
  {
    title: 'IP 地址',
    dataIndex: 'ip',
    width: 150,
    className: styles.mono,
    responsive: ['lg'],
  },
  {
    title: '协议',
    dataIndex: 'protocol',
    width: 88,
    render: (p: string) => <Tag color={p === 'https' ? 'green' : 'default'}>{p.toUpperCase()}</Tag>,
  },
  { title: '端口', dataIndex: 'host', width: 80, sorter: (a, b) => a.host - b.host, responsive: ['md'] },
  { title: '联系邮箱', dataIndex: 'email', ellipsis: true, responsive: ['xl'] },
];

/** Module website: the mock's page_one list (60 sites). The mock answers them all; paging, sorting and search happen here. */
export function Component() {
  useDemoTitle('站点列表');
  const { data, error, isPending, refetch } = useQuery(siteListQuery);
  const [keyword, setKeyword] = useState('');
  const [protocol, setProtocol] = useState<string | undefined>();

  const rows = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return (data?.list ?? []).filter(
      (s) =>
        (!protocol || s.protocol === protocol) &&
        (!k || [s.url, s.domain, s.ip, s.email].some((v) => v.toLowerCase().includes(k))),
    );
  }, [data, keyword, protocol]);

  if (error) {
    return (
      <Result
        status="error"
        title="站点列表加载失败"
        subTitle={error.message}
        extra={<Button onClick={() => refetch()}>重试</Button>}
      />
    );
  }
  return (
    <>
      <div className={styles.pageHeader}>
        <h1>站点列表</h1>
        <p>共 {data?.total ?? '—'} 个站点</p>
      </div>
      <Card>
        <div className={styles.filters}>
          <Input.Search
            allowClear
            placeholder="搜索网址、域名、IP 或邮箱"
            onSearch={setKeyword}
            onChange={(e) => setKeyword(e.target.value)}
            style={{ flex: '1 1 260px', maxWidth: 420 }}
            aria-label="搜索站点"
          />
          <Select
            allowClear
            placeholder="全部协议"
            value={protocol}
            onChange={setProtocol}
            options={[
              { value: 'https', label: 'HTTPS' },
              { value: 'http', label: 'HTTP' },
            ]}
            style={{ width: 140 }}
            aria-label="协议"
          />
        </div>
        <Table<SiteItem>
          rowKey="id"
          size="middle"
          loading={isPending}
          dataSource={rows}
          columns={columns}
          pagination={{
            defaultPageSize: 10,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50],
            showTotal: (t) => `共 ${t} 条`,
          }}
          locale={{ emptyText: keyword || protocol ? '没有符合条件的站点' : undefined }}
        />
      </Card>
    </>
  );
}
