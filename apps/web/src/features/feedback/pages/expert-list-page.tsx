import { feedbackKindLabels, feedbackKinds, type FeedbackKind, type FeedbackStatus } from '@psy/contracts';
import { Card, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import {
  FilterSegments,
  ListRow,
  useFilteredPages,
  ViewTabs,
  WorkbenchPagedList,
} from '../../../components/workbench/workbench-list';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import styles from '../../../components/workbench/workbench.module.css';
import { formatDateTime } from '../../../lib/format';
import { useTabParam } from '../../../lib/url-filters';
import { useExpertFeedbackList } from '../api/feedback';
import { Stars } from '../components/feedback-parts';
import { SubjectLine } from '../components/subject-line';

type Kind = FeedbackKind | 'all';
const PAGE_SIZE = 10;

/** 反馈处理 (/expert/feedback/feedbackIndex): feedback addressed to me, 待处理 and 已处理. */
export function Component() {
  const [status, setStatus] = useTabParam<FeedbackStatus>('open', 'handled');
  const { filter: kind, choose, pageNum, setPageNum } = useFilteredPages<Kind>('all');
  const query = useExpertFeedbackList({
    status,
    kind: kind === 'all' ? undefined : kind,
    pageNum,
    pageSize: PAGE_SIZE,
  });
  const { data } = query;
  const switchTo = (s: FeedbackStatus) => {
    setStatus(s);
    setPageNum(1);
  };

  return (
    <WorkbenchLayout>
      <WorkbenchHead title="反馈处理" sub="来访者对您的咨询、报告和课程的评分与留言；回复会通知对方" />
      <Card>
        <ViewTabs<FeedbackStatus>
          value={status}
          onChange={switchTo}
          options={[
            { value: 'open', label: '待处理', total: data?.counts.open },
            { value: 'handled', label: '已处理', total: data?.counts.handled },
          ]}
        />
        <FilterSegments<Kind>
          value={kind}
          onChange={choose}
          options={[
            { value: 'all', label: '全部' },
            ...feedbackKinds.map((k) => ({ value: k, label: feedbackKindLabels[k] })),
          ]}
        />
        <WorkbenchPagedList
          query={query}
          failed="反馈加载失败"
          empty={
            status === 'open'
              ? kind === 'all'
                ? '没有待处理的反馈。来访者对咨询、报告或课程的反馈会出现在这里。'
                : `没有待处理的${feedbackKindLabels[kind]}反馈`
              : '还没有处理过的反馈'
          }
          page={{ current: pageNum, size: PAGE_SIZE, onChange: setPageNum }}
          role="list"
        >
          {(list) =>
            list.map((f) => {
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
                    <Typography.Paragraph
                      ellipsis={{ rows: 1 }}
                      style={{ margin: '2px 0 0', color: '#08979c' }}
                    >
                      我的回复：{f.reply}
                    </Typography.Paragraph>
                  )}
                  <div className={styles.muted}>
                    提交于 {formatDateTime(f.createdAt)}
                    {f.handledAt && ` · 处理于 ${formatDateTime(f.handledAt)}`}
                  </div>
                </ListRow>
              );
            })
          }
        </WorkbenchPagedList>
      </Card>
    </WorkbenchLayout>
  );
}
