import { FileDoneOutlined, FilePdfOutlined, UnlockOutlined } from '@ant-design/icons';
import { reportContentItems, type AssessmentResult } from '@psy/contracts';
import { Button, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { yuan } from '../../../lib/format';
import { ReviewState } from './review-state';
import styles from './assessments.module.css';

/** Where the full report stands for this respondent, and the one thing they can do about it. */
export function ReportAccessCard({ result }: { result: AssessmentResult }) {
  const { access, priceFen } = result.report;
  const view = `/reportView?id=${result.id}`;
  // What this report will really hold (no profile for a scale without dimensions …).
  const holds = result.report.contents
    ? reportContentItems(result.report.contents)
        .filter((c) => c.key !== 'pdf')
        .map((c) => c.short)
    : [];
  return (
    <section className={styles.reportBox} aria-labelledby="report-access-title">
      <Typography.Title level={5} id="report-access-title" style={{ marginTop: 0 }}>
        <FileDoneOutlined /> 完整测评报告
      </Typography.Title>
      {access === 'locked' && (
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Typography.Paragraph type="secondary" style={{ margin: 0, flex: '1 1 280px' }}>
            {holds.length ? `包含${holds.join('、')}，并可下载 PDF 报告保存。` : '可下载 PDF 报告保存。'}
          </Typography.Paragraph>
          <Link to={`/test/resultPay?aid=${result.id}`}>
            <Button type="primary" size="large" icon={<UnlockOutlined />}>
              解锁完整报告 {yuan(priceFen)}
            </Button>
          </Link>
        </Flex>
      )}
      {(access === 'pending_approval' || access === 'returned') && result.report.review && (
        <ReviewState review={result.report.review} />
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
