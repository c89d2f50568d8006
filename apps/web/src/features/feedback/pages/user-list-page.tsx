import { Card, Flex, Space, Tag, Typography } from 'antd';
import { ListWithStates } from '../../../components/list-with-states';
import { EmptyCard } from '../../../components/page-states';
import { formatDateTime } from '../../../lib/format';
import { usePageParam } from '../../../lib/url-filters';
import { useMyFeedback } from '../api/feedback';
import { FeedbackWords, ReplyBlock, Stars } from '../components/feedback-parts';
import { FeedbackStatusTag } from '../components/feedback-status-tag';
import { SubjectLine } from '../components/subject-line';

const PAGE_SIZE = 10;

/** 我的反馈 (/user/feedback): what I said about my consultations, reports and courses, with the replies. */
export function Component() {
  const [pageNum, setPageNum] = usePageParam();
  const query = useMyFeedback({ pageNum, pageSize: PAGE_SIZE });

  return (
    <div className="page-container" style={{ maxWidth: 960 }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        我的反馈
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        完成咨询、购买报告或课程后，可以在预约详情、报告或课程页给专家评分和留言。专家处理前可以修改；专家回复后会通知您。
      </Typography.Paragraph>
      <ListWithStates
        query={query}
        failed="反馈加载失败"
        empty={<EmptyCard text="您还没有留下过反馈。咨询完成后，可以在“我的预约”里给专家评价。" />}
        page={{ current: pageNum, size: PAGE_SIZE, onChange: setPageNum }}
      >
        {(list) => (
          <Flex vertical gap={12}>
            {list.map((f) => (
              <Card key={f.id} size="small" data-testid="user-feedback">
                <Flex justify="space-between" align="start" gap={8} wrap>
                  <SubjectLine subject={f.subject} />
                  <FeedbackStatusTag status={f.status} plain />
                </Flex>
                <Space size={8} wrap style={{ marginTop: 8 }}>
                  <Stars value={f.rating} />
                  {f.subject.kind === 'booking' && f.anonymous && <Tag>匿名</Tag>}
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    {formatDateTime(f.createdAt)}
                  </Typography.Text>
                </Space>
                <FeedbackWords>{f.content}</FeedbackWords>
                <ReplyBlock reply={f.reply} handledAt={f.handledAt} expertName={f.expert.name} forWriter />
              </Card>
            ))}
          </Flex>
        )}
      </ListWithStates>
    </div>
  );
}
