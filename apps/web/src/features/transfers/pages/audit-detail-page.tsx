import { Alert, Col, Row } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { idParam, itemStates } from '../../../components/page-states';
import { ReviewDecision } from '../../../components/review-decision';
import { AuditLayout } from '../../../components/workbench/audit-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import { formatDateTime } from '../../../lib/format';
import { useAuditTransfer, useDecideTransfer, type TransferDetail } from '../api/transfers';
import { TransferFacts } from '../components/transfer-facts';
import { TransferFlow } from '../components/transfer-flow';

/** Why there is nothing to decide, or how it was decided. */
function verdict(t: TransferDetail): { type: 'info' | 'success' | 'error'; title: string; text?: string } {
  const decided = t.review?.decidedAt
    ? `${t.review.reviewer ?? '审核员'} 于 ${formatDateTime(t.review.decidedAt)} 审核`
    : '';
  switch (t.status) {
    case 'requested':
      return { type: 'info', title: '等待用户确认', text: '用户本人同意后才能审核。' };
    case 'approved':
      return { type: 'success', title: '已通过，转介已生效', text: decided };
    case 'rejected':
      return {
        type: 'error',
        title: '已驳回',
        text: [decided, t.review?.reason && `原因：${t.review.reason}`].filter(Boolean).join('；'),
      };
    case 'declined_by_user':
      return {
        type: 'info',
        title: '用户已拒绝',
        text: t.declineReason ? `原因：${t.declineReason}` : '用户未填写原因',
      };
    case 'withdrawn':
      return {
        type: 'info',
        title: '发起专家已撤回',
        text: t.withdrawnAt ? `撤回于 ${formatDateTime(t.withdrawnAt)}` : undefined,
      };
    default:
      return { type: 'info', title: '待审核' };
  }
}

/** 转介详情 (/audit/archives/detail?id=): the transfer, the summary, and approve / reject. */
export function Component() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const query = useAuditTransfer(id);
  const decide = useDecideTransfer(id);
  const t = query.data;
  const state = itemStates(query, id, '转介', { to: '/audit/archives/list', label: '返回用户转介' });

  return (
    <AuditLayout>
      <WorkbenchHead
        title={t ? `转介详情 · ${t.person.name || '用户'}` : '转介详情'}
        sub={t && `${t.from.name} → ${t.to.name}`}
        extra={<Link to="/audit/archives/list">返回列表</Link>}
      />
      {state
        ? state.view
        : t && (
            <>
              <TransferFlow t={t} />
              <Row gutter={16}>
                <Col xs={24} lg={15}>
                  <TransferFacts t={t} />
                </Col>
                <Col xs={24} lg={9}>
                  {t.can.review ? (
                    <ReviewDecision
                      onDecide={(d) => decide.mutate(d)}
                      pending={decide.isPending}
                      approveTitle="通过并生效"
                      approveDescription={`通过后 ${t.person.name || '用户'} 的负责专家与未结束的预警立即转给 ${t.to.name}，确定吗？`}
                      placeholder="驳回原因（驳回时必填），会告知发起专家，例如：接收专家本月已满额"
                    />
                  ) : (
                    (() => {
                      const v = verdict(t);
                      return <Alert type={v.type} showIcon title={v.title} description={v.text} />;
                    })()
                  )}
                </Col>
              </Row>
            </>
          )}
    </AuditLayout>
  );
}
