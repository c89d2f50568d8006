import type { ContentStatus } from '@psy/contracts';
import { Card, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { ScaleStatusTag } from '../../../components/status-tags';
import { ContentList } from '../../../components/workbench/content-list';
import { FilterSegments, ListRow, useFilteredPages } from '../../../components/workbench/workbench-list';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import styles from '../../../components/workbench/workbench.module.css';
import { useReviewQueue } from '../api/scale-review';
import { AuditLayout } from '../../../components/workbench/audit-layout';

type Filter = ContentStatus | 'all';
const PAGE_SIZE = 10;

/** 量表审核 (/audit/test/list): the review queue, and every scale by status. */
export function Component() {
  const { filter, choose, pageNum, setPageNum } = useFilteredPages<Filter>('pending_review');
  const query = useReviewQueue({
    status: filter === 'all' ? undefined : filter,
    pageNum,
    pageSize: PAGE_SIZE,
  });

  return (
    <AuditLayout>
      <WorkbenchHead title="量表审核" sub="专家提交的量表审核通过后即在测评中心发布" />
      <Card>
        <FilterSegments<Filter>
          value={filter}
          onChange={choose}
          options={[
            { value: 'pending_review', label: '待审核' },
            { value: 'published', label: '已发布' },
            { value: 'rejected', label: '已驳回' },
            { value: 'offline', label: '已下线' },
            { value: 'all', label: '专家量表' },
          ]}
        />
        <ContentList
          query={query}
          what="量表"
          empty={filter === 'pending_review' ? '没有待审核的量表' : '这一类下没有量表'}
          page={{ current: pageNum, size: PAGE_SIZE, unit: '个', onChange: setPageNum }}
        >
          {(list) =>
            list.map((s) => (
              <ListRow
                key={s.id}
                actions={
                  <Link to={`/audit/test/detail?id=${s.id}`}>
                    {s.status === 'pending_review' ? '审核' : '查看'}
                  </Link>
                }
              >
                <Space wrap size={6}>
                  <Link to={`/audit/test/detail?id=${s.id}`}>
                    <Typography.Text strong>{s.name}</Typography.Text>
                  </Link>
                  <ScaleStatusTag status={s.status} />
                  {s.builtin && <Tag color="blue">内置</Tag>}
                </Space>
                <div className={styles.muted}>
                  {s.shortName} · {s.code} · {s.category} ·{' '}
                  {s.builtin ? '平台内置' : (s.authorName ?? '专家')}
                  {s.submittedAt && ` · 提交于 ${formatDateTime(s.submittedAt)}`}
                </div>
                {s.status === 'rejected' && s.rejectReason && (
                  <div className={styles.muted}>驳回原因：{s.rejectReason}</div>
                )}
              </ListRow>
            ))
          }
        </ContentList>
      </Card>
    </AuditLayout>
  );
}
