import { ArrowLeftOutlined, TeamOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CardSkeleton, queryStates } from '../../../components/page-states';
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
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const userId = userIdParam(params);
  const query = useRecord(userId);
  const [inviting, setInviting] = useState(false);
  const r = query.data;
  // Back where the record was opened from; to the people's list when it was opened directly.
  const back = () =>
    void ((window.history.state as { idx?: number } | null)?.idx
      ? navigate(-1)
      : navigate('/expert/test/list'));
  const state = queryStates(query, {
    missing: userId === 0,
    notFound: {
      title: '心理档案不存在',
      subTitle: '只有负责该用户的专家、协作中的专家和平台审核员可以查阅',
      back: { to: '/expert/test/list', label: '返回用户测评' },
    },
    failed: '心理档案加载失败',
    skeleton: <CardSkeleton rows={10} avatar />,
  });

  return (
    <WorkbenchLayout>
      <WorkbenchHead
        title={r ? `心理档案 · ${r.person.name || '用户'}` : '心理档案'}
        sub="测评、预警、咨询、转介与协作，按时间汇总在一条时间线上"
        extra={
          <>
            {r?.access.via === 'assigned' && (
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
    </WorkbenchLayout>
  );
}
