import { UnorderedListOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Tag } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { ResultView } from '../components/result-view';
import { ReportStatusTag, WarningLevelTag, WarningStatusTag } from '../../../components/status-tags';
import { AssessmentItemPage } from '../components/assessment-item-page';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';

/** 报告详情 (/expert/test/detail?id=): the scored result with interpretation, warnings and report status. */
export function Component() {
  return (
    <AssessmentItemPage what="报告" rows={12}>
      {(data) => (
        <>
          <WorkbenchHead
            title={`${data.title} · 报告`}
            sub={`${data.user.name || '用户'}${data.submittedAt ? ` · 提交于 ${formatDateTime(data.submittedAt)}` : ''}`}
            extra={
              <Link to={`/expert/test/transfer?id=${data.id}`}>
                <Button icon={<UnorderedListOutlined />}>作答明细</Button>
              </Link>
            }
          />
          <Card size="small" style={{ marginBottom: 16 }}>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2 }}
              items={[
                {
                  key: 'report',
                  label: '报告状态',
                  children: data.report ? (
                    data.report.requiresApproval ? (
                      <>
                        {data.report.awaitingPayment ? (
                          <Tag>待用户购买，购买后提交审批</Tag>
                        ) : (
                          <ReportStatusTag status={data.report.status} />
                        )}
                        {data.report.status === 'generated' && !data.report.awaitingPayment && (
                          <Link to={`/expert/archives/approvalDetail?id=${data.id}`}>去审批</Link>
                        )}
                      </>
                    ) : (
                      '无需审批，用户可直接查看'
                    )
                  ) : (
                    '尚未生成'
                  ),
                },
                ...(data.report?.comment
                  ? [{ key: 'comment', label: '审批意见', children: data.report.comment }]
                  : []),
                {
                  key: 'warnings',
                  label: '预警',
                  span: 'filled',
                  children: data.warnings.length
                    ? data.warnings.map((w) => (
                        <div key={w.id} style={{ marginBottom: 4 }}>
                          <WarningLevelTag level={w.level} />
                          <Link to={`/expert/warning/detail?id=${w.id}`}>{w.reason}</Link>{' '}
                          <WarningStatusTag status={w.status} />
                        </div>
                      ))
                    : '无',
                },
              ]}
            />
          </Card>
          {data.result ? (
            <ResultView result={data.result} />
          ) : (
            <Alert type="info" showIcon title="用户尚未提交这份测评，提交后会在这里显示计分结果。" />
          )}
        </>
      )}
    </AssessmentItemPage>
  );
}
