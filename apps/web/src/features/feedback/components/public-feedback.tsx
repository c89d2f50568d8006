import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Pager } from '../../../components/pager';
import { formatDate } from '../../../lib/format';
import { usePublicFeedback } from '../api/feedback';
import { FeedbackWords, Stars } from './feedback-parts';
import styles from './feedback.module.css';

const PAGE_SIZE = 5;

/** 咨询评价 on an expert's page: what people said after their consultations, names masked. */
export function PublicFeedback({ expertId }: { expertId: number }) {
  const [pageNum, setPageNum] = useState(1);
  const query = usePublicFeedback(expertId, pageNum, PAGE_SIZE);
  const data = query.data;
  return (
    <Card
      title="咨询评价"
      extra={
        data && data.total > 0 ? <Typography.Text type="secondary">共 {data.total} 条</Typography.Text> : null
      }
      style={{ marginTop: 16 }}
      data-testid="public-feedback"
    >
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : query.isError || !data ? (
        <Flex justify="center" gap={8} align="center">
          <Typography.Text type="secondary">评价加载失败</Typography.Text>
          <Button size="small" onClick={() => void query.refetch()}>
            重新加载
          </Button>
        </Flex>
      ) : data.list.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="还没有来访者评价，完成咨询后可以在预约详情里评价"
        />
      ) : (
        <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          {data.list.map((f) => (
            <div key={f.id} className={styles.item}>
              <Flex justify="space-between" align="center" gap={8} wrap>
                <Flex align="center" gap={8} wrap>
                  <Typography.Text strong>{f.name}</Typography.Text>
                  <Stars value={f.rating} />
                </Flex>
                <span className={styles.muted}>{formatDate(f.createdAt)}</span>
              </Flex>
              <FeedbackWords>{f.content}</FeedbackWords>
            </div>
          ))}
          <Pager total={data.total} current={pageNum} size={PAGE_SIZE} onChange={setPageNum} />
        </div>
      )}
    </Card>
  );
}
