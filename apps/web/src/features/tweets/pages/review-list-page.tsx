import { Card, Flex, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ExpertAvatar } from '../../../components/expert-avatar';
import { ListPager } from '../../../components/list-pager';
import { CardSkeleton, LoadError } from '../../../components/page-states';
import { AuditLayout } from '../../../components/workbench/audit-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import styles from '../../../components/workbench/workbench.module.css';
import { formatDateTime } from '../../../lib/format';
import { useReviewTweets } from '../api/tweets';
import { TweetImages } from '../components/tweet-images';
import { TweetStatusTag } from '../components/tweet-status-tag';

type Filter = 'pending' | 'published' | 'rejected';
const PAGE_SIZE = 10;

/** 推文审核 (/audit/tweet/list): experts' tweets waiting for review, and those decided. */
export function Component() {
  const [status, setStatus] = useState<Filter>('pending');
  const [pageNum, setPageNum] = useState(1);
  const { data, isPending, isError, error, refetch } = useReviewTweets({
    status,
    pageNum,
    pageSize: PAGE_SIZE,
  });
  const label = (s: Filter, text: string) => `${text}${data ? ` ${data.counts[s]}` : ''}`;

  return (
    <AuditLayout>
      <WorkbenchHead title="推文审核" sub="专家动态审核通过后显示在专家主页与首页，驳回时专家会收到原因" />
      <Card>
        <div style={{ overflowX: 'auto', marginBottom: 8 }}>
          <Segmented<Filter>
            value={status}
            onChange={(s) => {
              setStatus(s);
              setPageNum(1);
            }}
            options={[
              { value: 'pending', label: label('pending', '待审核') },
              { value: 'published', label: label('published', '已发布') },
              { value: 'rejected', label: label('rejected', '已驳回') },
            ]}
          />
        </div>
        {isPending ? (
          <CardSkeleton rows={4} />
        ) : isError ? (
          <LoadError error={error} what="动态" onRetry={() => void refetch()} />
        ) : data.list.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', padding: '32px 0' }}>
            {status === 'pending' ? '没有待审核的动态' : '这一类下没有动态'}
          </Typography.Paragraph>
        ) : (
          data.list.map((t) => (
            <div key={t.id} className={styles.listItem} data-testid="review-tweet">
              <Flex gap={12} align="start">
                <ExpertAvatar expert={t.author} size={40} />
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Flex justify="space-between" gap={8} wrap>
                    <span>
                      <Typography.Text strong>{t.author.name}</Typography.Text>{' '}
                      <TweetStatusTag status={t.status} />
                    </span>
                    <Link to={`/audit/tweet/detail?id=${t.id}`}>
                      {t.status === 'pending' ? '审核' : '查看'}
                    </Link>
                  </Flex>
                  <div className={styles.muted}>
                    {t.submittedAt && `提交于 ${formatDateTime(t.submittedAt)}`}
                    {t.reviewer && t.decidedAt && ` · ${t.reviewer} 审核于 ${formatDateTime(t.decidedAt)}`}
                  </div>
                  <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: '6px 0 0' }}>
                    {t.content}
                  </Typography.Paragraph>
                  <TweetImages images={t.images.slice(0, 3)} />
                </div>
              </Flex>
            </div>
          ))
        )}
        <ListPager total={data?.total} pageSize={PAGE_SIZE} current={pageNum} onChange={setPageNum} />
      </Card>
    </AuditLayout>
  );
}
