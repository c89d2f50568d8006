import { PlusOutlined } from '@ant-design/icons';
import { transferStatusLabels, type TransferDirection, type TransferStatus } from '@psy/contracts';
import { Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { StatusFilter } from '../../../components/workbench/status-filter';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import {
  ListRow,
  useFilteredPages,
  ViewTabs,
  WorkbenchPagedList,
} from '../../../components/workbench/workbench-list';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import styles from '../../../components/workbench/workbench.module.css';
import { formatDateTime } from '../../../lib/format';
import { useTabParam } from '../../../lib/url-filters';
import { useExpertTransfers } from '../api/transfers';
import { expertLine } from '../components/expert-line';
import { ProposeTransferModal } from '../components/propose-transfer-modal';
import { TransferStatusTag } from '../components/transfer-status-tag';

type Filter = TransferStatus | 'all';
const PAGE_SIZE = 10;
const outgoingFilters: Filter[] = [
  'all',
  'requested',
  'user_confirmed',
  'approved',
  'rejected',
  'declined_by_user',
  'withdrawn',
];
// The receiver sees a transfer only once the person agreed, so never one waiting for them.
const incomingFilters = outgoingFilters.filter((f) => f !== 'requested');

/** 转介管理 (/expert/archives/transferList): transfers I proposed and those that come to me. */
export function Component() {
  const [direction, setDirection] = useTabParam<TransferDirection>('outgoing', 'incoming');
  const { filter, choose, pageNum, setPageNum } = useFilteredPages<Filter>('all');
  const [proposing, setProposing] = useState(false);
  const query = useExpertTransfers({
    direction,
    status: filter === 'all' ? undefined : filter,
    pageNum,
    pageSize: PAGE_SIZE,
  });
  const { data } = query;
  const count = (f: Filter) =>
    (f === 'all' ? data && Object.values(data.counts).reduce((s, n) => s + n, 0) : data?.counts[f]) ?? 0;
  const switchTo = (d: TransferDirection) => {
    setDirection(d);
    choose('all');
  };

  return (
    <WorkbenchLayout>
      <WorkbenchHead
        title="转介管理"
        sub="把您服务的用户转给更合适的专家：用户本人同意、平台审核通过后生效"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setProposing(true)}>
            发起转介
          </Button>
        }
      />
      <Card>
        <ViewTabs<TransferDirection>
          value={direction}
          onChange={switchTo}
          options={[
            { value: 'outgoing', label: '我发起的', total: data?.totals.outgoing },
            { value: 'incoming', label: '转给我的', total: data?.totals.incoming },
          ]}
        />
        <StatusFilter<Filter>
          value={filter}
          onChange={choose}
          count={count}
          options={(direction === 'outgoing' ? outgoingFilters : incomingFilters).map((f) => ({
            value: f,
            label: f === 'all' ? '全部' : transferStatusLabels[f],
          }))}
        />
        <WorkbenchPagedList
          query={query}
          failed="转介加载失败"
          empty={
            filter !== 'all'
              ? '这一类下没有转介'
              : direction === 'outgoing'
                ? '还没有发起过转介。需要把用户交给更合适的专家时，点击右上角“发起转介”。'
                : '还没有转给您的用户。用户同意转介后，会出现在这里等待平台审核。'
          }
          page={{ current: pageNum, size: PAGE_SIZE, onChange: setPageNum }}
        >
          {(list) =>
            list.map((t) => {
              const link = `/expert/archives/transferDetail?id=${t.id}`;
              return (
                <ListRow key={t.id} role="listitem" actions={<Link to={link}>查看</Link>}>
                  <Space wrap size={6}>
                    <Link to={link}>
                      <Typography.Text strong>{t.person.name || '用户'}</Typography.Text>
                    </Link>
                    <TransferStatusTag status={t.status} />
                  </Space>
                  <div style={{ margin: '4px 0' }}>
                    {direction === 'outgoing' ? `转给 ${expertLine(t.to)}` : `来自 ${expertLine(t.from)}`}
                  </div>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 1 }} style={{ margin: 0 }}>
                    原因：{t.reason}
                  </Typography.Paragraph>
                  <div className={styles.muted}>
                    发起于 {formatDateTime(t.createdAt)}
                    {t.confirmedAt && ` · 用户同意于 ${formatDateTime(t.confirmedAt)}`}
                  </div>
                </ListRow>
              );
            })
          }
        </WorkbenchPagedList>
      </Card>
      <ProposeTransferModal open={proposing} onClose={() => setProposing(false)} />
    </WorkbenchLayout>
  );
}
