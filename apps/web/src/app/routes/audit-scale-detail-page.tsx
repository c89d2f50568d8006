import { Alert, Col, Row, Typography } from 'antd';
import { OnlineSwitch, ReviewDecision } from '../../components/review-decision';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import { useScaleDraft, type ScaleDraft } from '../../features/workbench/api/scales';
import { PreviewPanel } from '../../features/workbench/components/editor/preview-panel';
import { idParam, LoadedItem } from '../../components/page-states';
import { ScaleDefinitionView } from '../../features/workbench/components/scale-view';
import { ScaleStatusTag } from '../../components/status-tags';
import { WorkbenchHead } from '../../components/workbench/workbench-shell';
import { useReviewScale, useSetScaleOnline } from '../../features/audit/api/scale-review';
import { AuditLayout } from '../../components/workbench/audit-layout';

function Decision({ draft }: { draft: ScaleDraft }) {
  const review = useReviewScale(draft.id);
  return (
    <ReviewDecision
      pending={review.isPending}
      onDecide={(d) => review.mutate(d)}
      placeholder="驳回原因（驳回时必填），请写清需要修改的题目或规则"
      approveTitle="通过并发布"
      approveDescription="通过后量表立即在测评中心发布，确定吗？"
    />
  );
}

function ScaleOnline({ draft }: { draft: ScaleDraft }) {
  const setOnline = useSetScaleOnline(draft.id);
  return (
    <OnlineSwitch
      on={draft.status !== 'offline'}
      pending={setOnline.isPending}
      label="在测评中心上线"
      says={{
        on: '已上线：用户可以在测评中心找到并开始这个量表',
        off: '已下线：测评中心不再显示，已完成的测评不受影响',
      }}
      onChange={(on) => setOnline.mutate(on)}
    />
  );
}

/** 量表审核详情 (/audit/test/detail?id=): the draft in words, the preview, and the decision. */
export function Component() {
  const [search] = useSearchParams();
  const id = idParam(search);
  const isAdmin = useSession((s) => s.userInfo?.role === 'admin');
  const query = useScaleDraft(id);

  return (
    <AuditLayout>
      <LoadedItem query={query} id={id} what="量表" rows={12}>
        {(data) => (
          <>
            <WorkbenchHead
              title={
                <>
                  {data.name} <ScaleStatusTag status={data.status} />
                </>
              }
              sub={`${data.shortName} · 编码 ${data.code} · ${data.category}`}
              extra={<Link to="/audit/test/list">返回列表</Link>}
            />
            {data.status === 'rejected' && data.rejectReason && (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 16 }}
                title={`已驳回：${data.rejectReason}`}
              />
            )}
            {data.status === 'pending_review' && <Decision draft={data} />}
            {isAdmin && data.published && (data.status === 'published' || data.status === 'offline') && (
              <ScaleOnline draft={data} />
            )}
            {data.status === 'published' && !isAdmin && (
              <Alert type="success" showIcon style={{ marginBottom: 16 }} title="量表已发布" />
            )}
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={14}>
                <ScaleDefinitionView draft={data} />
              </Col>
              <Col xs={24} xl={10}>
                <div style={{ position: 'sticky', top: 16 }}>
                  <PreviewPanel def={data.definition} />
                  <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                    预览按{data.status === 'pending_review' ? '提交审核的' : '当前'}
                    版本计分，不会产生测评记录或预警。
                  </Typography.Paragraph>
                </div>
              </Col>
            </Row>
          </>
        )}
      </LoadedItem>
    </AuditLayout>
  );
}
