import { feedbackKindLabels, feedbackKinds, type FeedbackKind, type FeedbackStatus } from '@psy/contracts';
import { Card, Space, Tag, Typography } from 'antd';
import { AuditLayout } from '../../../components/workbench/audit-layout';
import { StatusFilter } from '../../../components/workbench/status-filter';
import {
  FilterSegments,
  useFilteredPages,
  WorkbenchPagedList,
} from '../../../components/workbench/workbench-list';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import styles from '../../../components/workbench/workbench.module.css';
import { formatDateTime } from '../../../lib/format';
import { useAuditFeedbackList } from '../api/feedback';
import { FeedbackWords, ReplyBlock, Stars } from '../components/feedback-parts';
import { FeedbackStatusTag } from '../components/feedback-status-tag';
import { SubjectLine } from '../components/subject-line';

type Status = FeedbackStatus | 'all';
type Kind = FeedbackKind | 'all';
const PAGE_SIZE = 10;

/** 反馈记录 (/audit/feedback/list): every feedback and its reply, read only. */
export function Component() {
  const { filter: status, choose, pageNum, setPageNum } = useFilteredPages<Status>('all');
  const kinds = useFilteredPages<Kind>('all');
  const query = useAuditFeedbackList({
    status: status === 'all' ? undefined : status,
    kind: kinds.filter === 'all' ? undefined : kinds.filter,
    pageNum,
    pageSize: PAGE_SIZE,
  });
  const { data } = query;
  const count = (s: Status) =>
    (s === 'all' ? data && data.counts.open + data.counts.handled : data?.counts[s]) ?? 0;

  return (
    <AuditLayout>
      <WorkbenchHead title="反馈记录" sub="用户对咨询、报告和课程的反馈及专家的处理情况（只读）" />
      <Card>
        <StatusFilter<Status>
          value={status}
          onChange={choose}
          count={count}
          options={[
            { value: 'all', label: '全部' },
            { value: 'open', label: '待处理' },
            { value: 'handled', label: '已处理' },
          ]}
        />
        <FilterSegments<Kind>
          value={kinds.filter}
          onChange={(k) => {
            kinds.choose(k);
            setPageNum(1);
          }}
          options={[
            { value: 'all', label: '全部类型' },
            ...feedbackKinds.map((k) => ({ value: k, label: feedbackKindLabels[k] })),
          ]}
        />
        <WorkbenchPagedList
          query={query}
          failed="反馈加载失败"
          empty="这一类下没有反馈"
          page={{ current: pageNum, size: PAGE_SIZE, onChange: setPageNum }}
          role="list"
        >
          {(list) =>
            list.map((f) => (
              <div key={f.id} className={styles.listItem} role="listitem">
                <Space wrap size={8}>
                  <Typography.Text strong>{f.user.name || '用户'}</Typography.Text>
                  <span className={styles.muted}>→ {f.expert.name} 老师</span>
                  <Stars value={f.rating} />
                  <FeedbackStatusTag status={f.status} />
                  {f.anonymous && <Tag style={{ marginInlineEnd: 0 }}>匿名</Tag>}
                </Space>
                <div style={{ margin: '4px 0' }}>
                  <SubjectLine subject={f.subject} />
                </div>
                <FeedbackWords>{f.content}</FeedbackWords>
                <div className={styles.muted}>提交于 {formatDateTime(f.createdAt)}</div>
                <ReplyBlock reply={f.reply} handledAt={f.handledAt} expertName={f.expert.name} />
              </div>
            ))
          }
        </WorkbenchPagedList>
      </Card>
    </AuditLayout>
  );
}
