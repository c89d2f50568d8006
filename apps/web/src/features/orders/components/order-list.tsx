import { orderKindLabels, orderStatuses, orderStatusLabels, type OrderStatus } from '@psy/contracts';
import { Button, Card, Empty, Flex, List, Skeleton, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { OrderStatusTag } from '../../../components/status-tags';
import { formatDateTime, yuan } from '../../../lib/format';
import { useMyOrders } from '../api/orders';
import { LoadFailed } from '../../../components/page-states';

const PAGE_SIZE = 10;

/** 我的订单: every order of the signed-in user, by state (shown on /user/orderInfo without an id). */
export function OrderList() {
  const navigate = useNavigate();
  const [status, setStatus] = useState<OrderStatus | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const { data, isPending, isError, isPlaceholderData, refetch } = useMyOrders({
    status,
    pageNum,
    pageSize: PAGE_SIZE,
  });

  return (
    <Card>
      <Tabs
        activeKey={status ?? 'all'}
        onChange={(k) => {
          setStatus(k === 'all' ? undefined : (k as OrderStatus));
          setPageNum(1);
        }}
        items={[
          { key: 'all', label: '全部' },
          ...orderStatuses.map((s) => ({ key: s, label: orderStatusLabels[s] })),
        ]}
      />
      {isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : isError ? (
        <LoadFailed title="订单加载失败" onRetry={() => void refetch()} />
      ) : data.list.length === 0 ? (
        <Empty description={status ? '这里还没有订单' : '还没有订单，预约咨询或购买课程后会显示在这里'}>
          <Button type="primary" onClick={() => navigate('/app/expert')}>
            去预约咨询
          </Button>
        </Empty>
      ) : (
        <List
          style={{ opacity: isPlaceholderData ? 0.6 : 1 }}
          dataSource={data.list}
          pagination={
            data.total > PAGE_SIZE
              ? {
                  current: pageNum,
                  pageSize: PAGE_SIZE,
                  total: data.total,
                  onChange: setPageNum,
                  showSizeChanger: false,
                  align: 'center',
                }
              : false
          }
          renderItem={(o) => (
            <List.Item>
              <Flex vertical gap={4} style={{ width: '100%', minWidth: 0 }}>
                <Flex justify="space-between" gap={8} wrap align="baseline">
                  <Link to={`/user/orderInfo?id=${o.id}`} style={{ fontWeight: 600, minWidth: 0 }}>
                    {o.title}
                  </Link>
                  <OrderStatusTag status={o.status} />
                </Flex>
                <Flex justify="space-between" gap={8} wrap>
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    {orderKindLabels[o.kind]} · {o.orderNo} · {formatDateTime(o.createdAt)}
                  </Typography.Text>
                  <Typography.Text strong>
                    {yuan(o.amountFen)}
                    {o.refundFen > 0 && (
                      <Typography.Text type="success"> · 退款 {yuan(o.refundFen)}</Typography.Text>
                    )}
                  </Typography.Text>
                </Flex>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
