import { CheckOutlined, CloseOutlined, SafetyOutlined } from '@ant-design/icons';
import { TRANSFER_DECLINE_MAX, type TransferDetail } from '@psy/contracts';
import { Alert, Button, Card, Flex, Input, Modal, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { idParam, itemStates } from '../../../components/page-states';
import { formatDateTime } from '../../../lib/format';
import { useAnswerTransfer, useMyTransfer } from '../api/transfers';
import { teacher } from '../components/expert-line';
import { TransferFlow } from '../components/transfer-flow';
import { TransferStatusTag } from '../components/transfer-status-tag';

/** Where the transfer stands, said to the person. */
function outcome(t: TransferDetail): { type: 'info' | 'success' | 'warning'; title: string; text?: string } {
  const from = teacher(t.from);
  const to = teacher(t.to);
  switch (t.status) {
    case 'requested':
      return { type: 'info', title: '请您确认', text: '请读完下面的说明，再决定是否同意。不同意也没关系。' };
    case 'user_confirmed':
      return {
        type: 'info',
        title: '您已同意，正在等待平台审核',
        text: `审核通过后由 ${to}为您服务。审核结束前，如果改变主意，您仍可以拒绝。`,
      };
    case 'approved':
      return { type: 'success', title: '转介已完成', text: `今后由 ${to}为您服务。` };
    case 'rejected':
      return {
        type: 'warning',
        title: '平台审核未通过',
        text: `这次转介没有生效，为您服务的仍是 ${from}。`,
      };
    case 'declined_by_user':
      return {
        type: 'info',
        title: '您已拒绝这次转介',
        text: `为您服务的仍是 ${from}${t.declineReason ? `。您留下的原因：${t.declineReason}` : ''}`,
      };
    case 'withdrawn':
      return { type: 'info', title: '专家已撤回这次转介', text: `为您服务的仍是 ${from}。` };
  }
}

/** 转介详情 (/user/userConfirm/detail?id=): who proposes, to whom, why, what moves, and the right to say no. */
export function Component() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const query = useMyTransfer(id);
  const answer = useAnswerTransfer(id);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const t = query.data;
  const state = itemStates(query, id, '转介', { to: '/user/userConfirm/list', label: '返回用户确认' });

  if (state || !t)
    return (
      <div className="page-container" style={{ maxWidth: 800 }}>
        {state?.view}
      </div>
    );

  const from = teacher(t.from);
  const to = teacher(t.to);
  const o = outcome(t);
  return (
    <div className="page-container" style={{ maxWidth: 800 }}>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          转介详情 <TransferStatusTag status={t.status} plain />
        </Typography.Title>
        <Link to="/user/userConfirm/list">返回列表</Link>
      </Flex>
      <Alert type={o.type} showIcon title={o.title} description={o.text} style={{ marginBottom: 16 }} />
      <TransferFlow t={t} plain />

      <Card title="谁提出的，转给谁" size="small" style={{ marginBottom: 16 }}>
        <Typography.Paragraph style={{ margin: 0 }}>
          为您服务的 <strong>{from}</strong> 于 {formatDateTime(t.createdAt)} 提出，建议今后由{' '}
          <strong>{to}</strong>
          {t.to.title ? `（${t.to.title}）` : ''}为您提供服务。
        </Typography.Paragraph>
      </Card>

      <Card title="为什么" size="small" style={{ marginBottom: 16 }}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="transfer-reason">
          {t.reason}
        </Typography.Paragraph>
      </Card>

      <Card title="同意后会发生什么" size="small" style={{ marginBottom: 16 }}>
        <ul style={{ paddingInlineStart: 20, margin: 0, lineHeight: 1.9 }}>
          <li>
            今后由 {t.to.name}{' '}
            老师为您服务：您之后的测评结果由他/她跟进，正在跟进中的关怀事项也一并交给他/她。
          </li>
          <li>
            {t.moves.assessments > 0
              ? `您过去的 ${t.moves.assessments} 份测评记录，${t.to.name} 老师可以查看，以便更好地了解您。`
              : `您今后的测评记录，${t.to.name} 老师可以查看。`}
          </li>
          <li>{t.from.name} 老师会为接收的老师写一段关于您情况的简要说明。</li>
          <li>
            您已经预约的咨询不受影响，仍按原时间与 {t.from.name} 老师进行；如需调整，请在
            <Link to="/booking/list">我的预约</Link>中操作。
          </li>
          <li>转介需要您同意、并经平台审核通过后才生效，结果会通过消息通知您。</li>
        </ul>
      </Card>

      <Card
        title={
          <span>
            <SafetyOutlined /> 您的权利
          </span>
        }
        size="small"
        style={{ marginBottom: 16 }}
      >
        <Typography.Paragraph style={{ margin: 0 }}>
          是否同意完全由您决定。您可以拒绝，拒绝不会影响您现在获得的服务，{t.from.name} 老师会继续为您服务；
          即使已经同意，在平台审核结束前您也可以改变主意、选择拒绝。
        </Typography.Paragraph>
      </Card>

      {(t.can.confirm || t.can.decline) && (
        <Flex gap={12} wrap justify="center" style={{ margin: '24px 0 8px' }}>
          {t.can.confirm && (
            <Popconfirm
              title={`同意转介给 ${t.to.name} 老师？`}
              description="同意后将提交平台审核，审核通过即生效。"
              okText="同意"
              cancelText="再想想"
              onConfirm={() => answer.mutate({ confirm: true })}
            >
              <Button type="primary" size="large" icon={<CheckOutlined />} loading={answer.isPending}>
                同意转介
              </Button>
            </Popconfirm>
          )}
          {t.can.decline && (
            <Button size="large" icon={<CloseOutlined />} onClick={() => setDeclining(true)}>
              {t.status === 'user_confirmed' ? '改变主意，拒绝转介' : '拒绝转介'}
            </Button>
          )}
        </Flex>
      )}

      <Modal
        title="拒绝这次转介？"
        open={declining}
        okText="确认拒绝"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        confirmLoading={answer.isPending}
        onCancel={() => setDeclining(false)}
        onOk={() =>
          answer.mutate(
            { confirm: false, reason: reason.trim() },
            {
              onSuccess: () => {
                setDeclining(false);
                setReason('');
              },
            },
          )
        }
      >
        <Typography.Paragraph>
          拒绝后，为您服务的仍是 {from}。您可以告诉老师原因（选填）：
        </Typography.Paragraph>
        <Input.TextArea
          aria-label="拒绝原因"
          value={reason}
          maxLength={TRANSFER_DECLINE_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder="例如：我想继续和现在的老师聊"
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </div>
  );
}
