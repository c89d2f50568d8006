import { TRANSFER_REASON_MAX, TRANSFER_SUMMARY_MAX, type TransferBody } from '@psy/contracts';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CaseReasonItem, OtherExpertItem, ServedPersonItem } from '../../../components/expert-case-fields';
import { FormModal } from '../../../components/form-modal';
import { useSettled } from '../../../components/search-select';
import { useProposeTransfer, useTransferPeople, useTransferReceivers } from '../api/transfers';

/**
 * 发起转介: one of the people I follow up, the expert who should take them over (searched
 * across institutions), why, and what the receiver should know. Opens the new transfer after.
 */
export function ProposeTransferModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<TransferBody>();
  const [personText, setPersonText] = useState('');
  const [receiverText, setReceiverText] = useState('');
  const people = useTransferPeople(useSettled(personText), open);
  const receivers = useTransferReceivers(useSettled(receiverText), open);
  const propose = useProposeTransfer();

  const submit = (body: TransferBody) =>
    propose.mutate(body, {
      onSuccess: (t) => {
        form.resetFields();
        onClose();
        navigate(`/expert/archives/transferDetail?id=${t.id}`);
      },
    });

  return (
    <FormModal
      title="发起转介"
      open={open}
      onClose={onClose}
      okText="发起转介"
      form={form}
      pending={propose.isPending}
      width={600}
      notice="提交后先请用户本人确认；用户同意后由平台审核，审核通过才生效。审核前您可以随时撤回。"
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark="optional">
        <ServedPersonItem
          label="转介用户"
          message="请选择要转介的用户"
          found={people}
          onSearch={setPersonText}
        />
        <OtherExpertItem name="toExpertId" label="接收专家" found={receivers} onSearch={setReceiverText} />
        <CaseReasonItem
          label="转介原因"
          extra="用户会看到这段话，请用平实的语言说明为什么建议转介。"
          max={TRANSFER_REASON_MAX}
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder="例如：用户近期搬到广州工作，希望就近面谈"
        />
        <Form.Item
          name="summary"
          label="给接收专家的情况摘要"
          extra="仅接收专家和审核人员可见：主要困扰、已做的工作、风险情况与建议。"
          rules={[
            { required: true, whitespace: true, message: '请填写给接收专家的情况摘要' },
            { min: 10, message: '情况摘要至少10个字' },
          ]}
        >
          <Input.TextArea maxLength={TRANSFER_SUMMARY_MAX} showCount autoSize={{ minRows: 4, maxRows: 10 }} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
