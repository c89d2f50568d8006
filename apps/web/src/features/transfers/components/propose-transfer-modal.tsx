import {
  TRANSFER_REASON_MAX,
  TRANSFER_SUMMARY_MAX,
  type TransferBody,
  type TransferReceiver,
} from '@psy/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchSelect, servedPersonLabel, useSettled } from '../../../components/search-select';
import { useProposeTransfer, useTransferPeople, useTransferReceivers } from '../api/transfers';
import { expertLine } from './expert-line';

const receiverLabel = (e: TransferReceiver) => expertLine(e);

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
    <Modal
      title="发起转介"
      open={open}
      onCancel={onClose}
      okText="发起转介"
      cancelText="取消"
      confirmLoading={propose.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      width={600}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="提交后先请用户本人确认；用户同意后由平台审核，审核通过才生效。审核前您可以随时撤回。"
      />
      <Form form={form} layout="vertical" onFinish={submit} requiredMark="optional">
        <Form.Item name="userId" label="转介用户" rules={[{ required: true, message: '请选择要转介的用户' }]}>
          <SearchSelect
            placeholder="输入姓名或手机号查找您服务的用户"
            found={people}
            onSearch={setPersonText}
            notFound="没有找到您服务的用户"
            label={servedPersonLabel}
          />
        </Form.Item>
        <Form.Item name="toExpertId" label="接收专家" rules={[{ required: true, message: '请选择接收专家' }]}>
          <SearchSelect
            placeholder="输入专家姓名、机构或职称查找"
            found={receivers}
            onSearch={setReceiverText}
            notFound="没有找到专家"
            label={receiverLabel}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label="转介原因"
          extra="用户会看到这段话，请用平实的语言说明为什么建议转介。"
          rules={[
            { required: true, whitespace: true, message: '请填写转介原因' },
            { min: 5, message: '转介原因至少5个字' },
          ]}
        >
          <Input.TextArea
            maxLength={TRANSFER_REASON_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder="例如：用户近期搬到广州工作，希望就近面谈"
          />
        </Form.Item>
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
    </Modal>
  );
}
