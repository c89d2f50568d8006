import { EditOutlined } from '@ant-design/icons';
import type { FeedbackKind } from '@psy/contracts';
import { Button, Card, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useEditFeedback, useFeedbackOn, useLeaveFeedback, type FeedbackDetail } from '../api/feedback';
import { FeedbackForm } from './feedback-form';
import { FeedbackWords, ReplyBlock, Stars } from './feedback-parts';
import { FeedbackStatusTag } from './feedback-status-tag';

const titles: Record<FeedbackKind, string> = {
  booking: '咨询反馈',
  report: '报告反馈',
  course: '给讲师的反馈',
};
const invitations: Record<FeedbackKind, string> = {
  booking: '这次咨询对您有帮助吗？您的评分会显示在专家主页，帮助其他来访者选择。',
  report: '对这份报告的解读有疑问或建议？负责跟进您的专家会看到并回复，其他人看不到。',
  course: '有想对讲师说的话？这里的反馈只有讲师本人能看到，讲师会回复您（公开的评分请写在“学员评价”）。',
};

function Mine({ f, kind }: { f: FeedbackDetail; kind: FeedbackKind }) {
  const [editing, setEditing] = useState(false);
  const edit = useEditFeedback(f.id);
  if (editing)
    return (
      <FeedbackForm
        initial={{ rating: f.rating, content: f.content, anonymous: f.anonymous }}
        withAnonymous={kind === 'booking'}
        submitting={edit.isPending}
        submitText="保存修改"
        onSubmit={(v) => edit.mutate(v, { onSuccess: () => setEditing(false) })}
        onCancel={() => setEditing(false)}
      />
    );
  return (
    <div data-testid="my-feedback">
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Space size={8} wrap>
          <Stars value={f.rating} />
          <FeedbackStatusTag status={f.status} plain />
          {kind === 'booking' && f.anonymous && <Tag>匿名</Tag>}
        </Space>
        {f.can.edit && (
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            修改
          </Button>
        )}
      </Flex>
      <FeedbackWords>{f.content}</FeedbackWords>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        提交于 {formatDateTime(f.createdAt)}
      </Typography.Text>
      <ReplyBlock reply={f.reply} handledAt={f.handledAt} expertName={f.expert.name} forWriter />
    </div>
  );
}

/**
 * The person's feedback on one of their objects (a booking, a report, a course): the form while
 * they may leave one, then what they wrote with the expert's reply. Shows nothing where
 * feedback does not apply (a course they have not bought), and a hint where it comes later.
 */
export function FeedbackPanel({ kind, objectId }: { kind: FeedbackKind; objectId: number }) {
  const query = useFeedbackOn(kind, objectId);
  const leave = useLeaveFeedback();
  const on = query.data;
  if (query.isError) return null;
  if (query.isPending)
    return (
      <Card title={titles[kind]} style={{ marginTop: 16 }}>
        <Skeleton active paragraph={{ rows: 2 }} />
      </Card>
    );
  if (!on || (!on.feedback && !on.canLeave && kind !== 'booking')) return null;
  return (
    <Card title={titles[kind]} style={{ marginTop: 16 }} data-testid="feedback-panel">
      {on.feedback ? (
        <Mine f={on.feedback} kind={kind} />
      ) : on.canLeave ? (
        <>
          <Typography.Paragraph type="secondary">{invitations[kind]}</Typography.Paragraph>
          <FeedbackForm
            withAnonymous={kind === 'booking'}
            submitting={leave.isPending}
            submitText="提交反馈"
            onSubmit={(v) => leave.mutate({ kind, objectId, ...v })}
          />
        </>
      ) : (
        <Typography.Text type="secondary">{on.reason}，届时可以在这里给专家评分和留言。</Typography.Text>
      )}
    </Card>
  );
}
