import {
  COOPERATION_REASON_MAX,
  cooperationScopeLabels,
  cooperationScopes,
  type CooperationBody,
  type CooperationExpert,
} from '@psy/contracts';
import { Alert, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchSelect, servedPersonLabel, useSettled } from '../../../components/search-select';
import { useCooperationInvitees, useCooperationPeople, useInvite } from '../api/records';

const expertLabel = (e: CooperationExpert) => [e.name, e.title, e.institution].filter(Boolean).join(' · ');

const scopeHints = {
  record_read: '对方可以查阅该用户的心理档案（测评、预警、咨询记录等），不能处理预警。',
  record_and_warnings: '对方可以查阅心理档案，并可以为该用户的预警记录跟进情况。',
} as const;

/**
 * 邀请协作: one of the people I serve (or the one whose record is open), the expert to invite,
 * what they may do, and why. Opens the new cooperation after.
 */
export function InviteModal({
  open,
  onClose,
  person,
}: {
  open: boolean;
  onClose: () => void;
  /** The person whose record is open: fixed, not chosen. */
  person?: { id: number; name: string };
}) {
  const navigate = useNavigate();
  const [form] = Form.useForm<CooperationBody>();
  const [personText, setPersonText] = useState('');
  const [inviteeText, setInviteeText] = useState('');
  const people = useCooperationPeople(useSettled(personText), open && !person);
  const invitees = useCooperationInvitees(useSettled(inviteeText), open);
  const invite = useInvite();
  const scope = Form.useWatch('scope', form);

  const submit = (body: CooperationBody) =>
    invite.mutate(
      { ...body, userId: person?.id ?? body.userId },
      {
        onSuccess: (c) => {
          form.resetFields();
          onClose();
          void navigate(`/expert/archives/cooperationDetail?id=${c.id}`);
        },
      },
    );

  return (
    <Modal
      title="邀请协作"
      open={open}
      onCancel={onClose}
      okText="发送邀请"
      cancelText="取消"
      confirmLoading={invite.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      width={600}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="对方接受后即可在协作范围内查阅该用户的档案；用户会收到通知，每次查阅都会被记录。您可以随时结束协作。"
      />
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark="optional"
        initialValues={{ scope: 'record_read' }}
      >
        {person ? (
          <Form.Item label="协作用户">
            <Typography.Text strong>{person.name || '用户'}</Typography.Text>
          </Form.Item>
        ) : (
          <Form.Item name="userId" label="协作用户" rules={[{ required: true, message: '请选择协作的用户' }]}>
            <SearchSelect
              placeholder="输入姓名或手机号查找您服务的用户"
              found={people}
              onSearch={setPersonText}
              notFound="没有找到您服务的用户"
              label={servedPersonLabel}
            />
          </Form.Item>
        )}
        <Form.Item name="inviteeId" label="受邀专家" rules={[{ required: true, message: '请选择受邀专家' }]}>
          <SearchSelect
            placeholder="输入专家姓名、机构或职称查找"
            found={invitees}
            onSearch={setInviteeText}
            notFound="没有找到专家"
            label={expertLabel}
          />
        </Form.Item>
        <Form.Item
          name="scope"
          label="协作范围"
          rules={[{ required: true, message: '请选择协作范围' }]}
          extra={scope ? scopeHints[scope] : undefined}
        >
          <Radio.Group>
            <Space wrap>
              {cooperationScopes.map((s) => (
                <Radio key={s} value={s}>
                  {cooperationScopeLabels[s]}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="reason"
          label="邀请原因"
          extra="受邀专家会看到这段话：希望对方在哪方面提供意见。"
          rules={[
            { required: true, whitespace: true, message: '请填写邀请原因' },
            { min: 5, message: '邀请原因至少5个字' },
          ]}
        >
          <Input.TextArea
            maxLength={COOPERATION_REASON_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder="例如：来访者睡眠问题突出，希望请临床心理科医生给出评估建议"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
