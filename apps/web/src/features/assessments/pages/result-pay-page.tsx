import { AuditOutlined, CheckOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { REPORT_REVIEW_TIME, reportContentItems, reportReviewText } from '@psy/contracts';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useAssessmentResult, useBuyReport } from '../api/result';
import { flowPaths, idParam, withAid } from '../components/flow';
import { yuan } from '../../../lib/format';
import { ReviewState } from '../components/review-state';
import styles from '../components/assessments.module.css';
import { LoadFailed } from '../../../components/page-states';

/**
 * 测评支付 (/test/resultPay?aid=): what this assessment's full report will hold (the server's
 * `report.contents`: a profile only for scales with dimensions, norms only where they exist …),
 * its price, and the way to the cashier.
 */
export function Component() {
  const [params] = useSearchParams();
  const id = idParam(params.get('aid'));
  const navigate = useNavigate();
  const { data: result, isPending, isError, error, refetch } = useAssessmentResult(id);
  const buy = useBuyReport(id);

  const pay = () =>
    buy.mutate(undefined, {
      onSuccess: ({ cashierUrl }) => {
        // The sandbox cashier is a page of this site; a real provider's is elsewhere.
        if (cashierUrl.startsWith('/') && !cashierUrl.startsWith('//')) navigate(cashierUrl);
        else window.location.assign(cashierUrl);
      },
    });

  if (!id || (isError && error instanceof ApiError && error.status !== 0 && error.status !== 500)) {
    return (
      <Result
        status="warning"
        title={isError ? error.message : '没有找到这次测评'}
        extra={
          <Link to="/user/paper/list">
            <Button type="primary">查看我的测评</Button>
          </Link>
        }
      />
    );
  }
  if (isError) {
    return <LoadFailed title="加载失败" onRetry={() => void refetch()} />;
  }

  return (
    <div className={styles.flow}>
      <Card className={styles.flowCard} title="解锁完整测评报告">
        {isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : result.report.access !== 'locked' ? (
          <Result
            status="success"
            title={result.report.access === 'available' ? '完整报告已解锁' : '报告已购买，正在审核'}
            subTitle={
              result.report.review && result.report.access !== 'available' ? (
                <div style={{ textAlign: 'left', maxWidth: 520, margin: '12px auto 0' }}>
                  <ReviewState review={result.report.review} />
                </div>
              ) : undefined
            }
            extra={
              result.report.access === 'available' ? (
                <Link to={`/reportView?id=${id}`}>
                  <Button type="primary">查看完整报告</Button>
                </Link>
              ) : (
                <Link to={withAid(flowPaths.result, id)}>
                  <Button>返回测评结果</Button>
                </Link>
              )
            }
          />
        ) : (
          <>
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 't', label: '测评', children: result.title },
                { key: 's', label: '包含量表', children: result.parts.map((p) => p.shortName).join('、') },
                {
                  key: 'p',
                  label: '报告价格',
                  children: (
                    <span className={styles.price} style={{ fontSize: 22 }}>
                      {yuan(result.report.priceFen)}
                    </span>
                  ),
                },
              ]}
            />
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              完整报告包含
            </Typography.Title>
            <ul
              style={{ paddingLeft: 0, listStyle: 'none', margin: 0, display: 'grid', gap: 8 }}
              data-testid="report-contents"
            >
              {(result.report.contents ? reportContentItems(result.report.contents) : []).map((c) => (
                <li key={c.key} style={{ display: 'flex', gap: 8 }}>
                  <CheckOutlined style={{ color: '#13a8a8', marginTop: 5 }} />
                  <span>{c.title}</span>
                </li>
              ))}
            </ul>
            {result.report.review && (
              <Alert
                type="info"
                showIcon
                icon={<AuditOutlined />}
                style={{ marginTop: 16 }}
                title={`专家审核后出具 · ${REPORT_REVIEW_TIME}`}
                description={result.report.review.message || reportReviewText.beforePay}
                data-testid="review-before-pay"
              />
            )}
            <Typography.Paragraph type="secondary" style={{ marginTop: 16, fontSize: 12 }}>
              <SafetyCertificateOutlined /> 报告仅你本人和为你服务的专业人员可见。
              {result.report.review ? '支付完成、审核通过后即可查看。' : '支付完成后即可查看。'}
            </Typography.Paragraph>
            <div className={styles.actions}>
              <Link to={withAid(flowPaths.result, id)}>
                <Button size="large">返回结果</Button>
              </Link>
              <Button type="primary" size="large" loading={buy.isPending} onClick={pay}>
                去支付 {yuan(result.report.priceFen)}
              </Button>
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
