import { feedbackKindLabels, feedbackKinds, type FeedbackKind, type FeedbackStatus } from '@psy/contracts';
import { Card, Segmented, Space, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { CardSkeleton, LoadFailed } from '../../../components/page-states';
import { Pager } from '../../../components/pager';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import {
  EmptyLine,
  FilterSegments,
  ListRow,
  useFilteredPages,
} from '../../../components/workbench/workbench-list';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import styles from '../../../components/workbench/workbench.module.css';
import { formatDateTime } from '../../../lib/format';
import { useExpertFeedbackList } from '../api/feedback';
import { Stars } from '../components/feedback-parts';
import { SubjectLine } from '../components/subject-line';

type Kind = FeedbackKind | 'all';
const PAGE_SIZE = 10;

/** 反馈处理 (/expert/feedback/feedbackIndex): feedback addressed to me, 待处理 and 已处理. */
export function Component() {
  const [search, setSearch] = useSearchParams();
  const status: FeedbackStatus = search.get('tab') === 'handled' ? 'handled' : 'open';
  const { filter: kind, choose, pageNum, setPageNum } = useFilteredPages<Kind>('all');
  const query = useExpertFeedbackList({
    status,
    kind: kind === 'all' ? undefined : kind,
    pageNum,
    pageSize: PAGE_SIZE,
  });
  const { data } = query;
  const switchTo = (s: FeedbackStatus) => {
    setSearch(s === 'handled' ? { tab: 'handled' } : {}, { replace: true });
    setPageNum(1);
  };

  let list;
  if (query.isPending) list = <CardSkeleton rows={4} />;
  else if (query.isError || !data)
    list = <LoadFailed title="反馈加载失败" onRetry={() => void query.refetch()} />;
  else if (data.list.length === 0)
    list = (
      <EmptyLine>
        {status === 'open'
          ? kind === 'all'
            ? '没有待处理的反馈。来访者对咨询、报告或课程的反馈会出现在这里。'
            : `没有待处理的${feedbackKindLabels[kind]}反馈`
          : '还没有处理过的反馈'}
      </EmptyLine>
    );
  else
    list = (
      <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} role="list">
        {data.list.map((f) => {
          const link = `/expert/feedback/feedbackDetail?id=${f.id}`;
          return (
            <ListRow
              key={f.id}
              role="listitem"
              actions={<Link to={link}>{f.status === 'open' ? '处理' : '查看'}</Link>}
            >
              <Space wrap size={8}>
                <Link to={link}>
                  <Typography.Text strong>{f.user.name || '用户'}</Typography.Text>
                </Link>
                <Stars value={f.rating} />
                {f.anonymous && <Tag style={{ marginInlineEnd: 0 }}>匿名</Tag>}
              </Space>
              <div style={{ margin: '4px 0' }}>
                <SubjectLine subject={f.subject} link={false} />
              </div>
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                {f.content}
              </Typography.Paragraph>
              {f.reply && (
                <Typography.Paragraph ellipsis={{ rows: 1 }} style={{ margin: '2px 0 0', color: '#08979c' }}>
                  我的回复：{f.reply}
                </Typography.Paragraph>
              )}
              <div className={styles.muted}>
                提交于 {formatDateTime(f.createdAt)}
                {f.handledAt && ` · 处理于 ${formatDateTime(f.handledAt)}`}
              </div>
            </ListRow>
          );
        })}
        <Pager total={data.total} current={pageNum} size={PAGE_SIZE} unit="条" onChange={setPageNum} />
      </div>
    );

  return (
    <WorkbenchLayout>
      <WorkbenchHead title="反馈处理" sub="来访者对您的咨询、报告和课程的评分与留言；回复会通知对方" />
      <Card>
        <div style={{ overflowX: 'auto', marginBottom: 12 }}>
          <Segmented<FeedbackStatus>
            value={status}
            onChange={switchTo}
            options={[
              { value: 'open', label: `待处理${data ? ` ${data.counts.open}` : ''}` },
              { value: 'handled', label: `已处理${data ? ` ${data.counts.handled}` : ''}` },
            ]}
          />
        </div>
        <FilterSegments<Kind>
          value={kind}
          onChange={choose}
          options={[
            { value: 'all', label: '全部' },
            ...feedbackKinds.map((k) => ({ value: k, label: feedbackKindLabels[k] })),
          ]}
        />
        {list}
      </Card>
    </WorkbenchLayout>
  );
}
