import { RightOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { ListWithStates } from '../../../components/list-with-states';
import { EmptyCard } from '../../../components/page-states';
import { formatDateTime } from '../../../lib/format';
import { usePageParam } from '../../../lib/url-filters';
import { useMyTransfers } from '../api/transfers';
import { teacher } from '../components/expert-line';
import { TransferStatusTag } from '../components/transfer-status-tag';

const PAGE_SIZE = 10;

/** 用户确认 (/user/userConfirm/list): the transfers proposed for me, the ones waiting for my answer first. */
export function Component() {
  const [pageNum, setPageNum] = usePageParam();
  const query = useMyTransfers({ pageNum, pageSize: PAGE_SIZE });
  const waiting = query.data?.waiting ?? 0;

  return (
    <div className="page-container" style={{ maxWidth: 960 }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        用户确认
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        当为您服务的专家建议由另一位专家继续为您服务（转介）时，需要先征得您的同意。您可以同意，也可以拒绝。
        {waiting > 0 && (
          <Typography.Text strong type="warning">
            {` 有 ${waiting} 条等待您确认。`}
          </Typography.Text>
        )}
      </Typography.Paragraph>
      <ListWithStates
        query={query}
        failed="转介记录加载失败"
        empty={<EmptyCard text="目前没有需要您确认的转介" />}
        page={{ current: pageNum, size: PAGE_SIZE, onChange: setPageNum }}
      >
        {(list) => (
          <Flex vertical gap={12}>
            {list.map((t) => {
              const link = `/user/userConfirm/detail?id=${t.id}`;
              return (
                <Card key={t.id} size="small" data-testid="user-transfer">
                  <Flex justify="space-between" align="center" gap={12} wrap>
                    <div style={{ minWidth: 0, flex: 1 }}>
                      <Flex align="center" gap={8} wrap style={{ marginBottom: 4 }}>
                        <SwapOutlined style={{ color: '#13a8a8' }} />
                        <Typography.Text strong>
                          {t.from.name} 老师建议转介给 {teacher(t.to)}
                        </Typography.Text>
                        <TransferStatusTag status={t.status} plain />
                      </Flex>
                      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                        原因：{t.reason}
                      </Typography.Paragraph>
                      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                        {formatDateTime(t.createdAt)}
                      </Typography.Text>
                    </div>
                    <Link to={link}>
                      <Button type={t.status === 'requested' ? 'primary' : 'default'}>
                        {t.status === 'requested' ? '查看并确认' : '查看详情'} <RightOutlined />
                      </Button>
                    </Link>
                  </Flex>
                </Card>
              );
            })}
          </Flex>
        )}
      </ListWithStates>
    </div>
  );
}
