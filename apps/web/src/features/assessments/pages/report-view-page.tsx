import { AuditOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { regionName, type FullReport } from '@psy/contracts';
import { Button, Card, Descriptions, Flex, Result, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { CardSkeleton } from '../../../components/page-states';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { formatDate, formatDateTime, formatDuration } from '../../../lib/format';
import { genderLabels } from '../components/format';
import { downloadReportPdf, useFullReport } from '../api/result';
import { useAssessment } from '../api/taking';
import { CrisisPanel } from '../components/crisis-panel';
import { flowPaths, idParam, withAid } from '../components/flow';
import { NextStepsCard } from '../components/next-steps-card';
import { PartResultCard } from '../components/part-result-card';
import { ReportPartCard } from '../components/report-part';
import { IconTitle } from '../components/score-parts';
import styles from '../components/assessments.module.css';

/**
 * 查看报告 (/reportView?id=): the full report once bought (and approved), with its PDF. `feedback`
 * (the feedback feature's panel) goes after the next steps, not printed; the route is composed in
 * app/routes/report-view-page.tsx.
 */
export function ReportViewPage({ feedback }: { feedback?: (assessmentId: number) => ReactNode }) {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const { data, isPending, isError, error, refetch } = useFullReport(id);
  // Labels of the plan's own fields (学院, 学号…), which the report names only by key.
  const { data: state } = useAssessment(data ? id : 0);
  const [downloading, setDownloading] = useState(false);

  if (!id) return <Result status="404" title="没有找到这份报告" />;
  if (isError) {
    const known = error instanceof ApiError && error.status >= 400 && error.status < 500;
    return (
      <Result
        status={known ? 'info' : 'warning'}
        title={known ? error.message || '暂时无法查看报告' : '报告加载失败'}
        extra={
          known ? (
            <Link to={withAid(flowPaths.result, id)}>
              <Button type="primary">返回测评结果</Button>
            </Link>
          ) : (
            <Button onClick={() => void refetch()}>重新加载</Button>
          )
        }
      />
    );
  }
  if (isPending) {
    return (
      <div className={styles.flow} style={{ maxWidth: 880 }}>
        <CardSkeleton rows={10} />
      </div>
    );
  }

  const { result, basicInfo } = data;
  const labels = new Map(state?.formFields.map((f) => [f.key, f.label]) ?? []);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadReportPdf(id, `${result.title}-测评报告.pdf`);
    } catch {
      // The API client has already said what went wrong.
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className={`${styles.flow} ${styles.report}`} style={{ maxWidth: 880 }}>
      {result.crisis && <CrisisPanel hotlines={result.hotlines} />}
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {result.title} · 测评报告
          </Typography.Title>
          <Typography.Text type="secondary">
            {data.institution && `${data.institution} · `}完成于 {formatDateTime(result.submittedAt)}
            {result.durationSeconds > 0 && ` · 用时 ${formatDuration(result.durationSeconds)}`}
          </Typography.Text>
        </div>
        <Flex gap={8} data-print="hide">
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            打印
          </Button>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={downloading}
            onClick={() => void download()}
          >
            下载 PDF
          </Button>
        </Flex>
      </Flex>

      {basicInfo && (
        <Card className={styles.flowCard} title="基本信息" style={{ marginBottom: 16 }}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, md: 3 }}
            items={[
              { key: 'n', label: '姓名', children: basicInfo.name },
              { key: 'g', label: '性别', children: genderLabels[basicInfo.gender] },
              { key: 'a', label: '年龄', children: `${basicInfo.age} 岁` },
              { key: 'r', label: '所在地区', children: regionName(basicInfo.regionCode) ?? '—' },
              ...(basicInfo.phone ? [{ key: 'p', label: '手机号', children: basicInfo.phone }] : []),
              ...Object.entries(basicInfo.extra).map(([k, v]) => ({
                key: `x-${k}`,
                label: labels.get(k) ?? k,
                children: v,
              })),
            ]}
          />
        </Card>
      )}

      {data.review && <ReviewCard review={data.review} />}

      {result.parts.map((p, i) => {
        const detail = data.parts[i];
        return detail ? (
          <ReportPartCard key={`${p.shortName}-${i}`} part={p} detail={detail} />
        ) : (
          <PartResultCard key={`${p.shortName}-${i}`} part={p} full={result.full} />
        );
      })}

      <NextStepsCard next={data.next} />
      {feedback && (
        <div data-print="hide" style={{ marginBottom: 16 }}>
          {feedback(id)}
        </div>
      )}

      <Card className={styles.flowCard} size="small">
        <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 13 }}>
          声明：本报告基于自评量表结果生成，仅供了解自身心理状态参考，不能替代精神科或心理专业人员的诊断。如结果提示存在困扰，建议预约专业咨询；如有紧急情况，请拨打
          {result.hotlines.map((h, i) => (
            <span key={h.number}>
              {i > 0 && '、'}
              <a href={`tel:${h.number}`}>{h.number}</a>
            </span>
          ))}
          。
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 12 }}>
          报告生成于 {formatDateTime(data.generatedAt)}
        </Typography.Paragraph>
      </Card>
    </div>
  );
}

/** The reviewer's approval and comment, when the plan asked for one. */
function ReviewCard({ review }: { review: NonNullable<FullReport['review']> }) {
  return (
    <Card
      className={styles.flowCard}
      style={{ marginBottom: 16 }}
      title={<IconTitle icon={<AuditOutlined />}>专业审核意见</IconTitle>}
      data-testid="review-comment"
    >
      <Typography.Paragraph style={{ marginBottom: 4 }}>
        {review.comment ?? '审核通过，无补充意见。'}
      </Typography.Paragraph>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {[review.reviewerName, formatDate(review.decidedAt)].filter(Boolean).join(' · ')} 审核通过
      </Typography.Text>
    </Card>
  );
}
