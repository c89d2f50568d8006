import { ExperimentOutlined, SafetyOutlined } from '@ant-design/icons';
import { orderKindLabels, orderStatusLabels } from '@psy/contracts';
import { Button, Card, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { routeExists } from '../../../lib/route-exists';
import { mmss, yuan } from '../../../lib/format';
import { useCountdown } from '../../../lib/use-countdown';
import { useSiteConfig } from '../../../lib/site-config';
import { useSandboxConfirm, useSandboxOrder } from '../api/sandbox';
import styles from '../components/cashier.module.css';
import { LoadFailed } from '../../../components/page-states';

const itemLinkLabels = { booking: '查看预约', course: '查看课程', report: '查看报告' } as const;

/**
 * 沙箱收银台 (/sandbox/cashier?orderNo=): stands in for a payment provider's page. 确认支付
 * makes the sandbox gateway send the platform a signed notification, as a real one would.
 */
export function Component() {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const navigate = useNavigate();
  const { data: site } = useSiteConfig();
  const { data: order, isPending, isError, error, refetch } = useSandboxOrder(orderNo);
  const confirm = useSandboxConfirm(orderNo);
  const left = useCountdown(order?.status === 'unpaid' ? order.expiresAt : null);

  const valid = /^P\d{20}$/.test(orderNo);
  const merchant = site?.name ?? '心理测评与咨询平台';

  let body;
  if (!valid || (isError && error instanceof ApiError && (error.status === 404 || error.status === 400))) {
    body = (
      <Result
        status="404"
        title="订单不存在"
        extra={<Button onClick={() => navigate('/user/orderInfo')}>我的订单</Button>}
      />
    );
  } else if (isError) {
    body = <LoadFailed title="订单加载失败" onRetry={() => void refetch()} />;
  } else if (isPending) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else {
    const link = order.itemLink && routeExists(order.itemLink) ? order.itemLink : null;
    const after = [
      ...(link
        ? [
            <Button type="primary" key="item" onClick={() => navigate(link)}>
              {itemLinkLabels[order.kind]}
            </Button>,
          ]
        : []),
      <Button key="order" onClick={() => navigate(`/user/orderInfo?id=${order.id}`)}>
        查看订单
      </Button>,
    ];
    if (order.status === 'paid') {
      body = (
        <Result
          status="success"
          title="支付成功"
          subTitle={`已向「${merchant}」支付 ${yuan(order.amountFen)}`}
          extra={after}
        />
      );
    } else if (order.status !== 'unpaid') {
      body = (
        <Result
          status={order.status === 'cancelled' ? 'info' : 'warning'}
          title={order.status === 'cancelled' ? '已取消支付' : `订单${orderStatusLabels[order.status]}`}
          subTitle={order.status === 'cancelled' ? '订单已关闭，未产生任何扣款。' : undefined}
          extra={after}
        />
      );
    } else {
      const expired = left === 0;
      body = (
        <>
          <div className={styles.amountLabel}>支付金额</div>
          <div className={styles.amount}>{yuan(order.amountFen)}</div>
          <Descriptions
            column={1}
            size="small"
            className={styles.facts}
            items={[
              { key: 'merchant', label: '收款商户', children: merchant },
              { key: 'title', label: '商品', children: order.title },
              { key: 'kind', label: '类型', children: orderKindLabels[order.kind] },
              { key: 'no', label: '订单号', children: order.orderNo },
              {
                key: 'left',
                label: '剩余时间',
                children: expired ? (
                  <Typography.Text type="danger">订单已超时</Typography.Text>
                ) : left !== null ? (
                  mmss(left)
                ) : (
                  '—'
                ),
              },
            ]}
          />
          <Space orientation="vertical" style={{ width: '100%' }} size={12}>
            <Button
              type="primary"
              size="large"
              block
              loading={confirm.isPending && confirm.variables === 'pay'}
              disabled={expired || (confirm.isPending && confirm.variables === 'cancel')}
              onClick={() => confirm.mutate('pay')}
            >
              确认支付 {yuan(order.amountFen)}
            </Button>
            <Button
              size="large"
              block
              loading={confirm.isPending && confirm.variables === 'cancel'}
              disabled={confirm.isPending && confirm.variables === 'pay'}
              onClick={() => confirm.mutate('cancel')}
            >
              取消支付
            </Button>
          </Space>
        </>
      );
    }
  }

  return (
    <div className="page-container" style={{ maxWidth: 520 }}>
      <Card className={styles.cashier} styles={{ body: { padding: 0 } }}>
        <div className={styles.band} role="note">
          <ExperimentOutlined /> 沙箱环境 · 模拟支付
        </div>
        <div className={styles.inner}>
          <Typography.Title level={4} style={{ textAlign: 'center', marginTop: 0 }}>
            沙箱收银台
          </Typography.Title>
          {body}
        </div>
        <div className={styles.foot}>
          <SafetyOutlined /> 测试用收银台，不会产生真实扣款。确认后沙箱网关会向商户发送签名的支付结果通知。
        </div>
      </Card>
    </div>
  );
}
