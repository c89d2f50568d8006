import { AuditOutlined, FileDoneOutlined, FilePdfOutlined, UnlockOutlined } from '@ant-design/icons';
import type { AssessmentResult } from '@psy/contracts';
import { Alert, Button, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { yuan } from '../../../lib/format';
import styles from './assessments.module.css';

/** Where the full report stands for this respondent, and the one thing they can do about it. */
export function ReportAccessCard({ result }: { result: AssessmentResult }) {
  const { access, priceFen, comment } = result.report;
  const view = `/reportView?id=${result.id}`;
  return (
    <section className={styles.reportBox} aria-labelledby="report-access-title">
      <Typography.Title level={5} id="report-access-title" style={{ marginTop: 0 }}>
        <FileDoneOutlined /> 完整测评报告
      </Typography.Title>
      {access === 'locked' && (
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Typography.Paragraph type="secondary" style={{ margin: 0, flex: '1 1 280px' }}>
            包含每个量表的结果解读与针对性建议、因子图表与预警说明，并可下载 PDF 报告保存。
          </Typography.Paragraph>
          <Link to={`/test/resultPay?aid=${result.id}`}>
            <Button type="primary" size="large" icon={<UnlockOutlined />}>
              解锁完整报告 {yuan(priceFen)}
            </Button>
          </Link>
        </Flex>
      )}
      {access === 'pending_approval' && (
        <Alert
          type="info"
          showIcon
          icon={<AuditOutlined />}
          title="报告审核中"
          description="为保证报告质量，完整报告将由专业人员审核后出具，审核通过后即可在这里查看。"
        />
      )}
      {access === 'returned' && (
        <Alert
          type="info"
          showIcon
          title="报告正在修订"
          description={
            <>
              专业人员正在完善你的报告，出具后会通知你。
              {comment && <div style={{ marginTop: 4 }}>审核意见：{comment}</div>}
            </>
          }
        />
      )}
      {access === 'available' && (
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Typography.Paragraph type="secondary" style={{ margin: 0, flex: '1 1 280px' }}>
            完整报告已可查看，含个人信息、全部得分、结果解读与建议，可下载 PDF。
          </Typography.Paragraph>
          <Link to={view}>
            <Button type="primary" size="large" icon={<FilePdfOutlined />}>
              查看完整报告
            </Button>
          </Link>
        </Flex>
      )}
    </section>
  );
}
