import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Card, Input, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';

/** An auditor's decision on a submitted item: approve (confirmed), or reject with a reason. */
export function ReviewDecision({
  onDecide,
  pending,
  approveNote,
  placeholder,
}: {
  onDecide: (d: { approve: boolean; reason?: string }) => void;
  pending: boolean;
  /** What approving does, asked before it is done. */
  approveNote: string;
  placeholder: string;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = tried && !reason.trim();
  const reject = () => {
    setTried(true);
    if (reason.trim()) onDecide({ approve: false, reason: reason.trim() });
  };
  return (
    <Card title="审核意见" size="small" style={{ marginBottom: 16 }}>
      <Input.TextArea
        value={reason}
        maxLength={300}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={placeholder}
        aria-label="驳回原因"
        status={missing ? 'error' : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      {missing && <Typography.Text type="danger">驳回时请填写原因</Typography.Text>}
      <Space style={{ marginTop: 12 }} wrap>
        <Popconfirm
          title="通过并发布"
          description={approveNote}
          okText="通过"
          cancelText="取消"
          onConfirm={() => onDecide({ approve: true })}
        >
          <Button type="primary" icon={<CheckOutlined />} loading={pending}>
            通过
          </Button>
        </Popconfirm>
        <Button danger icon={<CloseOutlined />} loading={pending} onClick={reject}>
          驳回
        </Button>
      </Space>
    </Card>
  );
}
