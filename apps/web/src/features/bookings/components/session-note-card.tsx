import { EditOutlined, LockOutlined } from '@ant-design/icons';
import {
  riskLevelLabels,
  riskLevels,
  SESSION_NOTE_CONTENT_MAX,
  SESSION_NOTE_NEXT_MAX,
  SESSION_NOTE_TOPIC_MAX,
  type Booking,
  type RiskLevel,
  type SessionNoteBody,
} from '@psy/contracts';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  Radio,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useSaveSessionNote, useSessionNote } from '../api/session-notes';
import { factColumns, wideFact } from './layout';

const riskColors: Record<RiskLevel, string> = { none: 'default', low: 'gold', medium: 'orange', high: 'red' };

/**
 * 咨询记录: after a completed session the expert writes a private note (topic, risk, next step,
 * free text) and may edit it. The person never sees it; it shows in their record to the experts
 * who may open it.
 */
export function SessionNoteCard({ booking }: { booking: Booking }) {
  const completed = booking.status === 'completed';
  const query = useSessionNote(booking.id, true);
  const save = useSaveSessionNote(booking.id);
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<SessionNoteBody>();
  const note = query.data?.note ?? null;
  const canWrite = query.data?.canWrite ?? false;

  const title = (
    <Space size={6}>
      咨询记录
      <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
        <LockOutlined /> 仅专业人员可见，来访者看不到
      </Typography.Text>
    </Space>
  );

  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (query.isError)
    body = (
      <Space>
        <Typography.Text type="secondary">咨询记录加载失败</Typography.Text>
        <Button size="small" onClick={() => void query.refetch()}>
          重新加载
        </Button>
      </Space>
    );
  else if (editing || (!note && canWrite))
    body = (
      <Form<SessionNoteBody>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={note ?? { topic: booking.topic.slice(0, SESSION_NOTE_TOPIC_MAX), risk: 'none' }}
        onFinish={(values) => save.mutate(values, { onSuccess: () => setEditing(false) })}
      >
        <Form.Item
          name="topic"
          label="咨询主题"
          rules={[{ required: true, whitespace: true, message: '请填写咨询主题' }]}
        >
          <Input maxLength={SESSION_NOTE_TOPIC_MAX} showCount />
        </Form.Item>
        <Form.Item name="risk" label="风险评估" rules={[{ required: true, message: '请选择风险评估' }]}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={riskLevels.map((r) => ({ value: r, label: riskLevelLabels[r] }))}
          />
        </Form.Item>
        <Form.Item
          name="nextStep"
          label="下一步计划"
          rules={[{ required: true, whitespace: true, message: '请填写下一步计划' }]}
        >
          <Input.TextArea
            maxLength={SESSION_NOTE_NEXT_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder="例如：两周后复谈；布置睡眠日记；必要时转介精神科评估"
          />
        </Form.Item>
        <Form.Item
          name="content"
          label="咨询记录"
          rules={[{ required: true, whitespace: true, message: '请填写咨询记录' }]}
        >
          <Input.TextArea
            maxLength={SESSION_NOTE_CONTENT_MAX}
            showCount
            autoSize={{ minRows: 5, maxRows: 14 }}
            placeholder="本次咨询的主要内容、来访者状态、使用的方法与观察"
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存记录
          </Button>
          {note && <Button onClick={() => setEditing(false)}>取消</Button>}
        </Space>
      </Form>
    );
  else if (note)
    body = (
      <Descriptions
        column={factColumns}
        items={[
          { key: 'topic', label: '咨询主题', children: note.topic },
          {
            key: 'risk',
            label: '风险评估',
            children: <Tag color={riskColors[note.risk]}>{riskLevelLabels[note.risk]}</Tag>,
          },
          {
            key: 'next',
            label: '下一步计划',
            span: wideFact,
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{note.nextStep}</span>,
          },
          {
            key: 'content',
            label: '咨询记录',
            span: wideFact,
            children: (
              <span style={{ whiteSpace: 'pre-wrap' }} data-testid="session-note-content">
                {note.content}
              </span>
            ),
          },
          {
            key: 'by',
            label: '记录人',
            span: wideFact,
            children: `${note.author.name} · ${formatDateTime(note.updatedAt)}${note.updatedAt !== note.createdAt ? '（已修改）' : ''}`,
          },
        ]}
      />
    );
  else
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={completed ? '还没有咨询记录' : '咨询完成（标记为已完成）后可以填写咨询记录'}
      />
    );

  return (
    <Card
      title={title}
      style={{ marginTop: 16 }}
      extra={
        note &&
        canWrite &&
        !editing && (
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            修改
          </Button>
        )
      }
    >
      {body}
    </Card>
  );
}
