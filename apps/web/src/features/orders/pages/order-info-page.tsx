import { orderKindLabels, orderStatusLabels } from '@psy/contracts';
import { Alert, Button, Card, Col, Descriptions, Row, Space, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CardSkeleton, queryStates } from '../../../components/page-states';
import { routeExists } from '../../../lib/route-exists';
import { OrderStatusTag } from '../../../components/status-tags';
import { useCountdown } from '../../../lib/use-countdown';
import { formatDateTime, mmss, yuan } from '../../../lib/format';
import { usePayOrder } from '../../../lib/pay-order';
import { useCancelOrder, useOrderDetail } from '../api/orders';
import { OrderList } from '../components/order-list';
import { OrderTimeline } from '../components/order-timeline';

const itemLinkLabels = { booking: '查看预约', course: '查看课程', report: '查看报告' } as const;

/** 订单详情 (/user/orderInfo?id=); without an id, the list of the user's orders. */
export function Component() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  if (!id) {
    return (
      <div className="page-container" style={{ maxWidth: 960 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          我的订单
        </Typography.Title>
        <OrderList />
      </div>
    );
  }
  return <OrderDetail id={id} />;
}

function OrderDetail({ id }: { id: number }) {
  const navigate = useNavigate();
  const query = useOrderDetail(id);
  const o = query.data;
  const pay = usePayOrder();
  const cancel = useCancelOrder();
  const left = useCountdown(o?.status === 'unpaid' ? o.expiresAt : null);

  const state = queryStates(query, {
    notFoundStatuses: [404, 400],
    notFound: { title: '订单不存在', back: { to: '/user/orderInfo', label: '我的订单' } },
    failed: '订单加载失败',
    skeleton: <CardSkeleton rows={8} />,
  });
  if (state || !o) {
    return (
      <div className="page-container" style={state?.loading ? { maxWidth: 960 } : undefined}>
        {state?.view}
      </div>
    );
  }

  const expired = left === 0;
  const link = o.itemLink && routeExists(o.itemLink) ? o.itemLink : null;

  return (
    <div className="page-container" style={{ maxWidth: 960 }}>
      <Space align="center" wrap style={{ marginBottom: 16, justifyContent: 'space-between', width: '100%' }}>
        <Space align="center">
          <Typography.Title level={3} style={{ margin: 0 }}>
            订单详情
          </Typography.Title>
          <OrderStatusTag status={o.status} />
        </Space>
        <Link to="/user/orderInfo">全部订单</Link>
      </Space>
      {o.status === 'unpaid' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            expired
              ? '订单已超时，请重新下单'
              : `待支付，请在 ${formatDateTime(o.expiresAt)} 前完成支付${left ? `（剩余 ${mmss(left)}）` : ''}`
          }
          action={
            <Space>
              <Button size="small" danger loading={cancel.isPending} onClick={() => cancel.mutate(o.id)}>
                取消订单
              </Button>
              <Button
                size="small"
                type="primary"
                disabled={expired}
                loading={pay.isPending}
                onClick={() => pay.mutate(o.id)}
              >
                去支付
              </Button>
            </Space>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={14}>
          <Card title="订单信息" style={{ height: '100%' }}>
            <Descriptions
              column={1}
              items={[
                {
                  key: 'no',
                  label: '订单号',
                  children: <Typography.Text copyable>{o.orderNo}</Typography.Text>,
                },
                { key: 'kind', label: '类型', children: orderKindLabels[o.kind] },
                {
                  key: 'title',
                  label: '商品',
                  children: link ? <Link to={link}>{o.title}</Link> : o.title,
                },
                {
                  key: 'amount',
                  label: '金额',
                  children: (
                    <Typography.Text strong style={{ fontSize: 18, color: '#cf1322' }}>
                      {yuan(o.amountFen)}
                    </Typography.Text>
                  ),
                },
                { key: 'status', label: '状态', children: orderStatusLabels[o.status] },
                ...(o.refundFen > 0
                  ? [
                      {
                        key: 'refund',
                        label: '退款金额',
                        children: (
                          <Typography.Text
                            type="success"
                            strong
                          >{`退款 ${yuan(o.refundFen)}`}</Typography.Text>
                        ),
                      },
                    ]
                  : []),
                ...(o.duplicatePayments?.length
                  ? [
                      {
                        key: 'duplicate',
                        label: '重复支付',
                        children: (
                          <Space direction="vertical" size={2}>
                            {o.duplicatePayments.map((d, i) => (
                              <Typography.Text key={i} type={d.status === 'refunded' ? 'success' : 'warning'}>
                                {`${formatDateTime(d.createdAt)} 多付 ${yuan(d.amountFen)}，`}
                                {d.status === 'refunded' && d.refundedAt
                                  ? `已于 ${formatDateTime(d.refundedAt)} 原路退回`
                                  : '退款处理中'}
                              </Typography.Text>
                            ))}
                          </Space>
                        ),
                      },
                    ]
                  : []),
                {
                  key: 'provider',
                  label: '支付方式',
                  children: o.provider === 'sandbox' ? '沙箱支付（模拟）' : o.provider,
                },
              ]}
            />
            {link && (
              <Button type="primary" ghost style={{ marginTop: 16 }} onClick={() => navigate(link)}>
                {itemLinkLabels[o.kind]}
              </Button>
            )}
          </Card>
        </Col>
        <Col xs={24} md={10}>
          <Card title="订单进度" style={{ height: '100%' }}>
            <OrderTimeline order={o} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
