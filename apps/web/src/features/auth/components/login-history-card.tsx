import type { LoginHistoryItem } from '@psy/contracts';
import { Button, Card, Empty, Result, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { formatDateTime } from '../../../lib/format';
import { useLoginHistory } from '../api/login-history';

const columns: TableColumnsType<LoginHistoryItem> = [
  { title: '时间', dataIndex: 'at', render: (at: string) => formatDateTime(at), width: 150 },
  { title: '操作', dataIndex: 'actionLabel' },
  {
    title: '结果',
    dataIndex: 'outcome',
    width: 72,
    render: (o: LoginHistoryItem['outcome']) =>
      o === 'success' ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>,
  },
  // The IP matters least on a phone screen; it stays visible from tablet width up.
  { title: 'IP', dataIndex: 'ip', render: (ip: string | null) => ip ?? '—', responsive: ['sm'] },
];

/** 最近登录记录: the last ten security events, so a user can spot a sign-in that was not theirs. */
export function LoginHistoryCard() {
  const { data, isPending, isError, refetch } = useLoginHistory();
  return (
    <Card title="最近登录记录" extra={<span style={{ color: '#8c8c8c', fontSize: 12 }}>最近 10 条</span>}>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : isError ? (
        <Result
          status="warning"
          subTitle="登录记录加载失败"
          extra={<Button onClick={() => void refetch()}>重新加载</Button>}
        />
      ) : data.length === 0 ? (
        <Empty description="暂无登录记录" />
      ) : (
        <Table<LoginHistoryItem>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={data}
          pagination={false}
          tableLayout="fixed"
        />
      )}
    </Card>
  );
}
