import { Card, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { ExpertAvatar } from '../../../components/expert-avatar';
import { AuditLayout } from '../../../components/workbench/audit-layout';
import { ContentList } from '../../../components/workbench/content-list';
import { StatusFilter } from '../../../components/workbench/status-filter';
import { useFilteredPages } from '../../../components/workbench/workbench-list';
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
  const { filter: status, choose, pageNum, setPageNum } = useFilteredPages<Filter>('pending');
  const query = useReviewTweets({ status, pageNum, pageSize: PAGE_SIZE });

  return (
    <AuditLayout>
      <WorkbenchHead title="推文审核" sub="专家动态审核通过后显示在专家主页与首页，驳回时专家会收到原因" />
      <Card>
        <StatusFilter<Filter>
          value={status}
          onChange={choose}
          count={(s) => query.data?.counts[s]}
          options={[
            { value: 'pending', label: '待审核' },
            { value: 'published', label: '已发布' },
            { value: 'rejected', label: '已驳回' },
          ]}
        />
        <ContentList
          query={query}
          what="动态"
          empty={status === 'pending' ? '没有待审核的动态' : '这一类下没有动态'}
          page={{ current: pageNum, size: PAGE_SIZE, onChange: setPageNum }}
        >
          {(list) =>
            list.map((t) => (
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
          }
        </ContentList>
      </Card>
    </AuditLayout>
  );
}
