import { useQuery } from '@tanstack/react-query';
import { Tag, Typography, type TableColumnsType } from 'antd';
import { siteListQuery } from '../api/queries';
import type { SiteItem } from '../api/types';
import styles from '../components/demo.module.css';
import { SearchableTable } from '../components/searchable-table';

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

const protocols = [
  { value: 'https', label: 'HTTPS' },
  { value: 'http', label: 'HTTP' },
];

/** Module website: the mock's page_one list (60 sites). The mock answers them all; paging, sorting and search happen here. */
export function Component() {
  return (
    <SearchableTable<SiteItem>
      title="站点列表"
      noun="站点"
      query={useQuery(siteListQuery)}
      columns={columns}
      search={{
        placeholder: '搜索网址、域名、IP 或邮箱',
        label: '搜索站点',
        fields: (s) => [s.url, s.domain, s.ip, s.email],
      }}
      filter={{ placeholder: '全部协议', label: '协议', field: (s) => s.protocol, options: protocols }}
      pageSizeOptions={[10, 20, 50]}
    />
  );
}
