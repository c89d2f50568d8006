import { RollbackOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Popconfirm, Space, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { idParam, itemStates } from '../../../components/page-states';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { ListRow } from '../../../components/workbench/workbench-list';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import styles from '../../../components/workbench/workbench.module.css';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import {
  useExpertTransfer,
  usePersonAssessments,
  useWithdrawTransfer,
  type TransferDetail,
} from '../api/transfers';
import { TransferFacts } from '../components/transfer-facts';
import { TransferFlow } from '../components/transfer-flow';

/** The person's submitted assessments, for the receiver once the transfer is in effect. */
function PersonHistory({ t }: { t: TransferDetail }) {
  const history = usePersonAssessments(t.person.id, true);
  return (
    <Card title={`${t.person.name || '用户'}的测评记录`} size="small" style={{ marginBottom: 16 }}>
      {history.isPending ? (
        <Typography.Text type="secondary">加载中…</Typography.Text>
      ) : history.isError ? (
        <Space>
          <Typography.Text type="secondary">测评记录加载失败</Typography.Text>
          <Button size="small" onClick={() => void history.refetch()}>
            重新加载
          </Button>
        </Space>
      ) : history.data.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该用户还没有完成的测评" />
      ) : (
        history.data.list.map((a) => (
          <ListRow
            key={a.id}
            role="listitem"
            actions={<Link to={`/expert/test/transfer?id=${a.id}`}>查看作答</Link>}
          >
            <Typography.Text strong>{a.title}</Typography.Text>
            <div className={styles.muted}>
              {a.submittedAt && `提交于 ${formatDateTime(a.submittedAt)}`}
              {a.summary.length > 0 && ` · ${a.summary.join('，')}`}
            </div>
          </ListRow>
        ))
      )}
    </Card>
  );
}

/** What the expert reading it should know now, in one line. */
function standing(
  t: TransferDetail,
  mine: boolean,
): { type: 'info' | 'success' | 'warning'; text: string } | null {
  if (t.status === 'requested') return { type: 'info', text: '等待用户确认。用户同意后交由平台审核。' };
  if (t.status === 'user_confirmed')
    return {
      type: 'info',
      text: mine ? '用户已同意，等待平台审核。' : '用户已同意转介给您，平台审核通过后生效。',
    };
  if (t.status === 'approved')
    return {
      type: 'success',
      text: mine
        ? '转介已生效：用户及其未结束的预警已交由接收专家跟进，您与用户已有的预约不受影响。'
        : '转介已生效：您现在负责跟进该用户，可以查看其测评记录和转交的预警。',
    };
  return null;
}

const back = { to: '/expert/archives/transferList', label: '返回转介管理' };

/** 转介详情 (/expert/archives/transferDetail?id=): one transfer, for its proposer or its receiver. */
export function Component() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const me = useSession((s) => s.userInfo?.id);
  const query = useExpertTransfer(id);
  const withdraw = useWithdrawTransfer(id);
  const t = query.data;
  const state = itemStates(query, id, '转介', back, {
    subTitle: '它可能不是您发起的，或用户尚未同意转介给您',
  });
  const mine = !!t && t.from.id === me;
  const note = t && standing(t, mine);

  return (
    <WorkbenchLayout>
      <WorkbenchHead
        title={t ? `转介详情 · ${t.person.name || '用户'}` : '转介详情'}
        sub={t && (mine ? `由您发起，转给 ${t.to.name} 老师` : `${t.from.name} 老师转给您`)}
        extra={
          <>
            {t?.can.withdraw && (
              <Popconfirm
                title="撤回这次转介？"
                description="撤回后用户和接收专家会收到通知，用户仍由您负责。"
                okText="撤回"
                cancelText="取消"
                onConfirm={() => withdraw.mutate()}
              >
                <Button danger icon={<RollbackOutlined />} loading={withdraw.isPending}>
                  撤回转介
                </Button>
              </Popconfirm>
            )}
            <Link to={`/expert/archives/transferList${t && !mine ? '?tab=incoming' : ''}`}>
              <Button>返回列表</Button>
            </Link>
          </>
        }
      />
      {state
        ? state.view
        : t && (
            <>
              <TransferFlow t={t} />
              {note && <Alert type={note.type} showIcon title={note.text} style={{ marginBottom: 16 }} />}
              {t.status === 'approved' && !mine && <PersonHistory t={t} />}
              <TransferFacts t={t} />
            </>
          )}
    </WorkbenchLayout>
  );
}
