import { CheckOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Result, Skeleton, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useAssessmentResult, useBuyReport } from '../api/result';
import { flowPaths, idParam, withAid } from '../components/flow';
import { yuan } from '../../../lib/format';
import styles from '../components/assessments.module.css';
import { LoadFailed } from '../../../components/page-states';

const contents = [
  '每个量表的结果解读：你的得分处在什么水平、意味着什么',
  '针对性的建议：接下来可以怎样照顾自己、何时需要专业帮助',
  '因子与维度图表、各项指标的含义与预警说明',
  '个人信息与完整得分，可下载 PDF 长期保存',
];

/** 测评支付 (/test/resultPay?aid=): what the full report adds, its price, and the way to the cashier. */
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
            title={result.report.access === 'available' ? '完整报告已解锁' : '报告已购买'}
            subTitle={
              result.report.access === 'available'
                ? undefined
                : '报告正在由专业人员审核，审核通过后即可查看。'
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
            <ul style={{ paddingLeft: 0, listStyle: 'none', margin: 0, display: 'grid', gap: 8 }}>
              {contents.map((c) => (
                <li key={c}>
                  <CheckOutlined style={{ color: '#13a8a8', marginRight: 8 }} />
                  {c}
                </li>
              ))}
            </ul>
            <Typography.Paragraph type="secondary" style={{ marginTop: 16, fontSize: 12 }}>
              <SafetyCertificateOutlined /> 报告仅你本人和为你服务的专业人员可见。支付完成后即可查看。
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
