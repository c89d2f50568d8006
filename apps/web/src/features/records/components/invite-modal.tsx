import {
  COOPERATION_REASON_MAX,
  cooperationScopeLabels,
  cooperationScopes,
  type CooperationBody,
} from '@psy/contracts';
import { Form, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CaseReasonItem, OtherExpertItem, ServedPersonItem } from '../../../components/expert-case-fields';
import { FormModal } from '../../../components/form-modal';
import { useSettled } from '../../../components/search-select';
import { useCooperationInvitees, useCooperationPeople, useInvite } from '../api/records';

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
    <FormModal
      title="邀请协作"
      open={open}
      onClose={onClose}
      okText="发送邀请"
      form={form}
      pending={invite.isPending}
      width={600}
      notice="对方接受后即可在协作范围内查阅该用户的档案；用户会收到通知，每次查阅都会被记录。您可以随时结束协作。"
    >
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
          <ServedPersonItem
            label="协作用户"
            message="请选择协作的用户"
            found={people}
            onSearch={setPersonText}
          />
        )}
        <OtherExpertItem name="inviteeId" label="受邀专家" found={invitees} onSearch={setInviteeText} />
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
        <CaseReasonItem
          label="邀请原因"
          extra="受邀专家会看到这段话：希望对方在哪方面提供意见。"
          max={COOPERATION_REASON_MAX}
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder="例如：来访者睡眠问题突出，希望请临床心理科医生给出评估建议"
        />
      </Form>
    </FormModal>
  );
}
