import { CheckOutlined, CloseOutlined, EyeOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { COOPERATION_CLOSING_MAX, cooperationScopeLabels } from '@psy/contracts';
import { Alert, Button, Card, Col, Descriptions, Input, Modal, Popconfirm, Row, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CardSkeleton, idParam, itemStates, queryStates } from '../../../components/page-states';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import { expertLine, formatDateTime } from '../../../lib/format';
import { useCooperation, useCooperationStep, useRecord, type CooperationDetail } from '../api/records';
import { CooperationStatusTag } from '../components/cooperation-status-tag';
import { CooperationThread } from '../components/cooperation-thread';
import { RecordView } from '../components/record-view';

/** What the reader should know now, in one line. */
function standing(c: CooperationDetail): { type: 'info' | 'success' | 'warning'; text: string } | null {
  const mine = c.side === 'inviter';
  if (c.status === 'invited')
    return {
      type: 'info',
      text: mine
        ? `等待 ${c.invitee.name} 老师答复。对方处理前您可以撤回邀请。`
        : `${c.inviter.name} 老师邀请您参与该用户的个案协作，接受后可以查阅共享的档案。`,
    };
  if (c.status === 'accepted')
    return {
      type: 'success',
      text: mine
        ? `协作中：${c.invitee.name} 老师可以${cooperationScopeLabels[c.scope]}。`
        : `协作中：您可以${cooperationScopeLabels[c.scope]}，每次查阅都会被记录。`,
    };
  if (c.status === 'declined') return { type: 'warning', text: '受邀专家已拒绝这次协作。' };
  if (c.status === 'withdrawn') return { type: 'warning', text: '发起专家已撤回这次协作邀请。' };
  return {
    type: 'warning',
    text: `协作已由${c.endedBy ? ` ${c.endedBy.name} 老师` : ''}结束，档案不再共享。`,
  };
}

/** The shared record, opened on purpose: each opening is written to the audit log. */
function SharedRecord({ c }: { c: CooperationDetail }) {
  const [open, setOpen] = useState(false);
  const record = useRecord(c.person.id, open);
  if (!c.can.readRecord)
    return (
      <Card title="共享档案" size="small" style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">
          {c.status === 'invited' ? '接受邀请后可以查阅该用户的心理档案。' : '协作未在进行，档案不再共享。'}
        </Typography.Text>
      </Card>
    );
  if (!open)
    return (
      <Card title="共享档案" size="small" style={{ marginTop: 16 }}>
        <Typography.Paragraph type="secondary">
          {c.side === 'invitee'
            ? `在协作范围内（${cooperationScopeLabels[c.scope]}）查阅 ${c.person.name || '该用户'} 的心理档案。查阅会被记录，用户本人可以看到。`
            : `查看 ${c.person.name || '该用户'} 的心理档案（与协作专家共享的内容）。`}
        </Typography.Paragraph>
        <Button type="primary" icon={<EyeOutlined />} onClick={() => setOpen(true)}>
          查看共享档案
        </Button>
      </Card>
    );
  const state = queryStates(record, {
    notFound: { title: '档案暂不可查阅', subTitle: '协作可能已结束，或您已不再负责该用户' },
    failed: '心理档案加载失败',
    skeleton: <CardSkeleton rows={8} avatar />,
  });
  return (
    <div style={{ marginTop: 20 }} data-testid="shared-record">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        共享档案
      </Typography.Title>
      {state ? state.view : record.data && <RecordView record={record.data} />}
    </div>
  );
}

const back = { to: '/expert/archives/cooperationList', label: '返回协作管理' };

/** 协作详情 (/expert/archives/cooperationDetail?id=): the case, the answer, the shared record and the discussion. */
export function Component() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const query = useCooperation(id);
  const step = useCooperationStep(id);
  const [closing, setClosing] = useState<'decline' | 'end' | null>(null);
  const [reason, setReason] = useState('');
  const c = query.data;
  const state = itemStates(query, id, '协作', back, { subTitle: '只有发起和受邀的两位专家可以查看' });
  const note = c && standing(c);
  const finishClosing = () =>
    closing &&
    step.mutate(
      { step: closing, body: { reason: reason.trim() || undefined } },
      {
        onSuccess: () => {
          setClosing(null);
          setReason('');
        },
      },
    );

  return (
    <WorkbenchLayout>
      <WorkbenchHead
        title={c ? `协作详情 · ${c.person.name || '用户'}` : '协作详情'}
        sub={
          c &&
          (c.side === 'inviter'
            ? `由您发起，邀请 ${c.invitee.name} 老师`
            : `${c.inviter.name} 老师邀请您参与个案协作`)
        }
        extra={
          <>
            {c?.can.accept && (
              <Button
                type="primary"
                icon={<CheckOutlined />}
                loading={step.isPending}
                onClick={() => step.mutate({ step: 'accept' })}
              >
                接受邀请
              </Button>
            )}
            {c?.can.decline && (
              <Button icon={<CloseOutlined />} onClick={() => setClosing('decline')}>
                拒绝
              </Button>
            )}
            {c?.can.withdraw && (
              <Popconfirm
                title="撤回这次协作邀请？"
                description="撤回后对方会收到通知。"
                okText="撤回"
                cancelText="取消"
                onConfirm={() => step.mutate({ step: 'withdraw' })}
              >
                <Button danger icon={<RollbackOutlined />} loading={step.isPending}>
                  撤回邀请
                </Button>
              </Popconfirm>
            )}
            {c?.can.end && (
              <Button danger icon={<StopOutlined />} onClick={() => setClosing('end')}>
                结束协作
              </Button>
            )}
            <Link to={`/expert/archives/cooperationList${c?.side === 'invitee' ? '?tab=received' : ''}`}>
              <Button>返回列表</Button>
            </Link>
          </>
        }
      />
      {state
        ? state.view
        : c && (
            <>
              {note && <Alert type={note.type} showIcon title={note.text} style={{ marginBottom: 16 }} />}
              <Row gutter={[16, 16]}>
                <Col xs={24} lg={13}>
                  <Card title="个案信息" size="small" style={{ height: '100%' }}>
                    <Descriptions
                      size="small"
                      column={1}
                      items={[
                        {
                          key: 'person',
                          label: '用户',
                          children:
                            c.side === 'inviter' ? (
                              <Link to={`/expert/archives/record?userId=${c.person.id}`}>
                                {c.person.name || '用户'}
                              </Link>
                            ) : (
                              c.person.name || '用户'
                            ),
                        },
                        {
                          key: 'status',
                          label: '状态',
                          children: <CooperationStatusTag status={c.status} />,
                        },
                        { key: 'scope', label: '协作范围', children: cooperationScopeLabels[c.scope] },
                        { key: 'inviter', label: '发起专家', children: expertLine(c.inviter) },
                        { key: 'invitee', label: '受邀专家', children: expertLine(c.invitee) },
                        { key: 'created', label: '邀请时间', children: formatDateTime(c.createdAt) },
                        {
                          key: 'responded',
                          label: '答复时间',
                          children: c.respondedAt ? formatDateTime(c.respondedAt) : '尚未答复',
                        },
                        ...(c.closedAt
                          ? [{ key: 'closed', label: '结束时间', children: formatDateTime(c.closedAt) }]
                          : []),
                        {
                          key: 'reason',
                          label: '邀请原因',
                          children: (
                            <span style={{ whiteSpace: 'pre-wrap' }} data-testid="cooperation-reason">
                              {c.reason}
                            </span>
                          ),
                        },
                        ...(c.closingReason
                          ? [
                              {
                                key: 'closing',
                                label: c.status === 'declined' ? '拒绝原因' : '结束原因',
                                children: c.closingReason,
                              },
                            ]
                          : []),
                      ]}
                    />
                  </Card>
                </Col>
                <Col xs={24} lg={11}>
                  <Card title="专家讨论" size="small" style={{ height: '100%' }}>
                    <CooperationThread id={c.id} canPost={c.can.post} />
                  </Card>
                </Col>
              </Row>
              <SharedRecord key={`${c.id}-${c.status}`} c={c} />
            </>
          )}
      <Modal
        title={closing === 'decline' ? '拒绝协作邀请' : '结束协作'}
        open={closing !== null}
        onCancel={() => setClosing(null)}
        okText={closing === 'decline' ? '拒绝' : '结束协作'}
        okButtonProps={{ danger: true }}
        cancelText="取消"
        confirmLoading={step.isPending}
        onOk={finishClosing}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          {closing === 'decline'
            ? '对方会收到通知。可以说明原因（选填）。'
            : '结束后受邀专家不能再查阅该用户的档案，讨论只能查看。可以说明原因（选填）。'}
        </Typography.Paragraph>
        <Input.TextArea
          aria-label="原因"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={COOPERATION_CLOSING_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
        />
      </Modal>
    </WorkbenchLayout>
  );
}
