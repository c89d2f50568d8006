import { CheckOutlined, RollbackOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useReportApprovals, useReviewReport } from '../api/approvals';
import { useExpertAssessment, type ReportStatus } from '../api/assessments';
import { AnswersTables } from './answers-table';
import { CardSkeleton, LoadError } from '../../../components/page-states';
import { Pager } from '../../../components/pager';
import { PersonInfo } from './person-info';
import { ResultView } from './result-view';
import { ReportStatusTag } from '../../../components/status-tags';
import {
  EmptyLine,
  FilterSegments,
  ListRow,
  useFilteredPages,
} from '../../../components/workbench/workbench-list';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import styles from '../../../components/workbench/workbench.module.css';

type Filter = ReportStatus | 'all';
const PAGE_SIZE = 10;

/**
 * Reports waiting for approval (the expert's own people, or all of them for auditors).
 * `detailPath` is where one report opens: the expert and audit workbenches each have theirs.
 */
export function ReportApprovalList({ detailPath }: { detailPath: string }) {
  const { filter, choose, pageNum, setPageNum } = useFilteredPages<Filter>('generated');
  const { data, isPending, isError, error, refetch } = useReportApprovals({
    status: filter === 'all' ? undefined : filter,
    pageNum,
    pageSize: PAGE_SIZE,
  });
  const shown = data?.list ?? [];
  const count = (f: Filter) =>
    (f === 'all' ? data && Object.values(data.counts).reduce((s, n) => s + n, 0) : data?.counts[f]) ?? 0;

  return (
    <>
      <WorkbenchHead title="报告审批" sub="需要审批的测评报告，通过后用户才能查看完整报告" />
      {isPending ? (
        <CardSkeleton />
      ) : isError ? (
        <LoadError error={error} what="报告" onRetry={() => void refetch()} />
      ) : (
        <Card>
          <FilterSegments<Filter>
            value={filter}
            onChange={choose}
            options={[
              { value: 'generated', label: `待审批 ${count('generated')}` },
              { value: 'returned', label: `已退回 ${count('returned')}` },
              { value: 'approved', label: `已通过 ${count('approved')}` },
              { value: 'all', label: `全部 ${count('all')}` },
            ]}
          />
          {shown.length === 0 ? (
            <EmptyLine>{filter === 'generated' ? '没有待审批的报告' : '这一类下没有报告'}</EmptyLine>
          ) : (
            shown.map((a) => (
              <ListRow
                key={a.assessmentId}
                actions={
                  <Link to={`${detailPath}?id=${a.assessmentId}`}>
                    {a.status === 'approved' ? '查看' : '审批'}
                  </Link>
                }
              >
                <Space wrap size={6}>
                  <Link to={`${detailPath}?id=${a.assessmentId}`}>
                    <Typography.Text strong>{a.title}</Typography.Text>
                  </Link>
                  <ReportStatusTag status={a.status} />
                </Space>
                <div className={styles.muted}>
                  {a.userName || '用户'}
                  {a.submittedAt && ` · 提交于 ${formatDateTime(a.submittedAt)}`}
                  {a.comment && ` · 意见：${a.comment}`}
                </div>
              </ListRow>
            ))
          )}
          <Pager total={data?.total} current={pageNum} size={PAGE_SIZE} unit="份" onChange={setPageNum} />
        </Card>
      )}
    </>
  );
}

/** One report: the full result, the answers, and approve / return with a comment. */
export function ReportApprovalDetail({ id, listPath }: { id: number; listPath: string }) {
  const { data, isPending, isError, error, refetch } = useExpertAssessment(id);
  const review = useReviewReport(id);
  const [comment, setComment] = useState('');
  const [needComment, setNeedComment] = useState(false);

  if (!id || isError) return <LoadError error={error} what="报告" onRetry={() => void refetch()} />;
  if (isPending) return <CardSkeleton rows={12} />;

  const report = data.report;
  const decidable = !!report?.requiresApproval && !report.awaitingPayment && report.status !== 'approved';
  const decide = (approve: boolean) => {
    if (!approve && !comment.trim()) {
      setNeedComment(true);
      return;
    }
    review.mutate({ approve, ...(comment.trim() ? { comment: comment.trim() } : {}) });
  };

  return (
    <>
      <WorkbenchHead
        title={`${data.title} · 报告审批`}
        sub={`${data.user.name || '用户'}${data.submittedAt ? ` · 提交于 ${formatDateTime(data.submittedAt)}` : ''}`}
        extra={<Link to={listPath}>返回列表</Link>}
      />
      <Card title="审批" size="small" style={{ marginBottom: 16 }}>
        {!report ? (
          <Alert type="info" showIcon title="报告尚未生成" />
        ) : !report.requiresApproval ? (
          <Alert type="info" showIcon title="这份报告无需审批，用户可以直接查看" />
        ) : report.awaitingPayment ? (
          <Alert type="info" showIcon title="用户尚未购买完整报告，购买后才会提交审批" />
        ) : (
          <>
            <Space wrap style={{ marginBottom: 12 }}>
              <span>当前状态：</span>
              <ReportStatusTag status={report.status} />
              {report.comment && <Typography.Text type="secondary">意见：{report.comment}</Typography.Text>}
            </Space>
            {decidable && (
              <>
                <Input.TextArea
                  value={comment}
                  maxLength={500}
                  showCount
                  autoSize={{ minRows: 2, maxRows: 6 }}
                  placeholder="审批意见（退回时必填，会告知用户需要修改或补充的地方）"
                  aria-label="审批意见"
                  status={needComment && !comment.trim() ? 'error' : undefined}
                  onChange={(e) => setComment(e.target.value)}
                />
                {needComment && !comment.trim() && (
                  <Typography.Text type="danger">退回报告时请填写原因</Typography.Text>
                )}
                <Space style={{ marginTop: 12 }} wrap>
                  <Button
                    type="primary"
                    icon={<CheckOutlined />}
                    loading={review.isPending}
                    onClick={() => decide(true)}
                  >
                    通过
                  </Button>
                  <Button
                    danger
                    icon={<RollbackOutlined />}
                    loading={review.isPending}
                    onClick={() => decide(false)}
                  >
                    退回
                  </Button>
                </Space>
              </>
            )}
          </>
        )}
      </Card>
      <PersonInfo of={data} />
      {data.result && <ResultView result={data.result} />}
      <AnswersTables answers={data.answers} />
    </>
  );
}
