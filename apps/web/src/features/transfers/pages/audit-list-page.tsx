import type { ReviewStatus } from '@psy/contracts';
import { Card, Segmented, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { AuditLayout } from '../../../components/workbench/audit-layout';
import { ListRow, WorkbenchPagedList } from '../../../components/workbench/workbench-list';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import styles from '../../../components/workbench/workbench.module.css';
import { formatDateTime } from '../../../lib/format';
import { useStatusPage } from '../../../lib/url-filters';
import { useTransferInbox } from '../api/transfers';

const PAGE_SIZE = 10;
const filters: { value: ReviewStatus; label: string; empty: string }[] = [
  { value: 'pending', label: '待审核', empty: '没有待审核的转介' },
  { value: 'approved', label: '已通过', empty: '还没有通过的转介' },
  { value: 'rejected', label: '已驳回', empty: '还没有驳回的转介' },
  { value: 'withdrawn', label: '已撤回', empty: '没有审核前撤回或被用户拒绝的转介' },
];

/** 用户转介 (/audit/archives/list): transfers the person agreed to, from the review inbox. */
export function Component() {
  const { status, page: pageNum, go } = useStatusPage(filters.map((f) => f.value));
  const query = useTransferInbox(status, pageNum, PAGE_SIZE);
  const waiting = useTransferInbox('pending', 1, 1);
  const pending = waiting.data?.counts.transfer;

  return (
    <AuditLayout>
      <WorkbenchHead
        title="用户转介"
        sub="专家发起、用户本人已同意的转介；审核通过后，用户的负责专家与未结束的预警立即转给接收专家"
      />
      <Card>
        <div style={{ overflowX: 'auto', marginBottom: 8 }}>
          <Segmented<ReviewStatus>
            value={status}
            onChange={(s) => go({ status: s })}
            options={filters.map((f) => ({
              value: f.value,
              label: f.value === 'pending' && pending !== undefined ? `${f.label} ${pending}` : f.label,
            }))}
          />
        </div>
        <WorkbenchPagedList
          query={query}
          failed="转介加载失败"
          empty={filters.find((f) => f.value === status)!.empty}
          page={{ current: pageNum, size: PAGE_SIZE, onChange: (p) => go({ page: p }) }}
        >
          {(list) =>
            list.map((r) => {
              const link = r.link ?? `/audit/archives/detail?id=${r.itemId}`;
              return (
                <ListRow
                  key={r.id}
                  role="listitem"
                  actions={<Link to={link}>{r.status === 'pending' ? '审核' : '查看'}</Link>}
                >
                  <Space wrap size={6}>
                    <Link to={link}>
                      <Typography.Text strong>{r.title}</Typography.Text>
                    </Link>
                  </Space>
                  <div className={styles.muted}>
                    {r.submittedBy && `${r.submittedBy.name} 发起 · `}用户同意于{' '}
                    {formatDateTime(r.submittedAt)}
                    {r.decidedAt &&
                      (r.reviewer
                        ? ` · ${r.reviewer.name} 审核于 ${formatDateTime(r.decidedAt)}`
                        : ` · 结束于 ${formatDateTime(r.decidedAt)}`)}
                  </div>
                  {r.reason && (
                    <Typography.Paragraph type="secondary" ellipsis={{ rows: 1 }} style={{ margin: 0 }}>
                      {r.status === 'withdrawn' ? r.reason : `意见：${r.reason}`}
                    </Typography.Paragraph>
                  )}
                </ListRow>
              );
            })
          }
        </WorkbenchPagedList>
      </Card>
    </AuditLayout>
  );
}
