import { ArrowLeftOutlined, TeamOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CardSkeleton, queryStates } from '../../../components/page-states';
import { AuditLayout } from '../../../components/workbench/audit-layout';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import { useRecord } from '../api/records';
import { InviteModal } from '../components/invite-modal';
import { RecordView } from '../components/record-view';

/** The ?userId= of the record page, or 0. */
function userIdParam(search: URLSearchParams): number {
  const id = Number(search.get('userId'));
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/** 心理档案 (/expert/archives/record?userId=): one person's timeline, for whoever may read it. */
export function Component() {
  return <RecordPage audit={false} />;
}

/**
 * The record in the expert's workbench, or in the auditor's (/audit/archives/record?userId=, from
 * a screening's warning list): the same timeline; inviting a colleague is the assigned expert's.
 */
export function RecordPage({ audit }: { audit: boolean }) {
  const Layout = audit ? AuditLayout : WorkbenchLayout;
  const home = audit
    ? { to: '/audit/campaign/list', label: '返回筛查活动' }
    : { to: '/expert/test/list', label: '返回用户测评' };
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const userId = userIdParam(params);
  const query = useRecord(userId);
  const [inviting, setInviting] = useState(false);
  const r = query.data;
  // Back where the record was opened from; to the people's list when it was opened directly.
  const back = () =>
    void ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate(home.to));
  const state = queryStates(query, {
    missing: userId === 0,
    notFound: {
      title: '心理档案不存在',
      subTitle: '只有负责该用户的专家、协作中的专家和平台审核员可以查阅',
      back: home,
    },
    failed: '心理档案加载失败',
    skeleton: <CardSkeleton rows={10} avatar />,
  });

  return (
    <Layout>
      <WorkbenchHead
        title={r ? `心理档案 · ${r.person.name || '用户'}` : '心理档案'}
        sub="测评、预警、咨询、转介与协作，按时间汇总在一条时间线上"
        extra={
          <>
            {!audit && r?.access.via === 'assigned' && (
              <Button icon={<TeamOutlined />} onClick={() => setInviting(true)}>
                邀请协作
              </Button>
            )}
            <Button icon={<ArrowLeftOutlined />} onClick={back}>
              返回
            </Button>
          </>
        }
      />
      {state ? state.view : r && <RecordView record={r} />}
      {r && (
        <InviteModal
          open={inviting}
          onClose={() => setInviting(false)}
          person={{ id: r.person.id, name: r.person.name }}
        />
      )}
    </Layout>
  );
}
