import {
  cooperationScopeLabels,
  cooperationStatusLabels,
  cooperationStatuses,
  type CooperationDirection,
  type CooperationStatus,
} from '@psy/contracts';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { CaseRow, TwoViewListPage, useTwoViewPages } from '../../../components/workbench/two-view-list';
import { expertLine, formatDateTime } from '../../../lib/format';
import { useCooperations } from '../api/records';
import { CooperationStatusTag } from '../components/cooperation-status-tag';
import { InviteModal } from '../components/invite-modal';

/** 协作管理 (/expert/archives/cooperationList): invitations I sent and those I received. */
export function Component() {
  const pages = useTwoViewPages<CooperationDirection, CooperationStatus>('sent', 'received');
  const [inviting, setInviting] = useState(false);
  const query = useCooperations({ direction: pages.view, ...pages.params });
  const sent = pages.view === 'sent';

  return (
    <TwoViewListPage
      title="协作管理"
      sub="邀请其他专家一起看您服务的用户：对方接受后可在协作范围内查阅档案，双方可以讨论个案"
      action={{ label: '邀请协作', onClick: () => setInviting(true) }}
      pages={pages}
      views={{ sent: '我发起的', received: '邀请我的' }}
      statuses={cooperationStatuses}
      statusLabels={cooperationStatusLabels}
      query={query}
      noun="协作"
      empty={{
        sent: '还没有发起过协作。需要其他专家一起看一位用户的情况时，点击右上角“邀请协作”。',
        received: '还没有专家邀请您协作。收到邀请后会出现在这里，同时会有消息通知。',
      }}
      row={(c) => {
        const link = `/expert/archives/cooperationDetail?id=${c.id}`;
        const waiting = !sent && c.status === 'invited';
        return (
          <CaseRow
            key={c.id}
            link={link}
            personName={c.person.name}
            tags={
              <>
                <CooperationStatusTag status={c.status} />
                <Tag>{cooperationScopeLabels[c.scope]}</Tag>
              </>
            }
            other={sent ? `邀请 ${expertLine(c.invitee)}` : `来自 ${expertLine(c.inviter)}`}
            reason={c.reason}
            dates={
              <>
                邀请于 {formatDateTime(c.createdAt)}
                {c.respondedAt &&
                  ` · ${c.status === 'declined' ? '拒绝' : '接受'}于 ${formatDateTime(c.respondedAt)}`}
                {c.closedAt && ` · ${cooperationStatusLabels[c.status]}于 ${formatDateTime(c.closedAt)}`}
              </>
            }
            actions={
              <Link to={link}>
                <Button size="small" type={waiting ? 'primary' : 'default'}>
                  {waiting ? '查看并答复' : '查看'}
                </Button>
              </Link>
            }
          />
        );
      }}
    >
      <InviteModal open={inviting} onClose={() => setInviting(false)} />
    </TwoViewListPage>
  );
}
