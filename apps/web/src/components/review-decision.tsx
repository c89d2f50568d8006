import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Card, Input, Popconfirm, Space, Switch, Typography } from 'antd';
import { useState } from 'react';

/**
 * 审核意见: approve (after a confirmation) or reject with a reason, which is required; the
 * same card for every kind of content an auditor reviews (scales, courses, …).
 */
export function ReviewDecision({
  pending,
  onDecide,
  placeholder,
  approveTitle,
  approveDescription,
}: {
  pending: boolean;
  onDecide: (d: { approve: boolean; reason?: string }) => void;
  placeholder: string;
  approveTitle: string;
  approveDescription: string;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = tried && !reason.trim();
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
          title={approveTitle}
          description={approveDescription}
          okText="通过"
          cancelText="取消"
          onConfirm={() => onDecide({ approve: true })}
        >
          <Button type="primary" icon={<CheckOutlined />} loading={pending}>
            通过
          </Button>
        </Popconfirm>
        <Button
          danger
          icon={<CloseOutlined />}
          loading={pending}
          onClick={() => {
            setTried(true);
            if (reason.trim()) onDecide({ approve: false, reason: reason.trim() });
          }}
        >
          驳回
        </Button>
      </Space>
    </Card>
  );
}

/**
 * An auditor's switch that takes published content off the site or puts it back, saying what
 * each state means for users (`says.on` / `says.off`).
 */
export function OnlineSwitch({
  on,
  pending,
  label,
  says,
  onChange,
}: {
  on: boolean;
  pending: boolean;
  /** The switch's accessible name, e.g. 在测评中心上线. */
  label: string;
  says: { on: string; off: string };
  onChange: (on: boolean) => void;
}) {
  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Space wrap>
        <Switch checked={on} loading={pending} aria-label={label} onChange={onChange} />
        <span>{on ? says.on : says.off}</span>
      </Space>
    </Card>
  );
}
