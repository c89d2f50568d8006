import { PlusOutlined } from '@ant-design/icons';
import {
  cooperationScopeLabels,
  cooperationStatusLabels,
  type CooperationDirection,
  type CooperationStatus,
} from '@psy/contracts';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { StatusFilter } from '../../../components/workbench/status-filter';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import {
  ListRow,
  useFilteredPages,
  ViewTabs,
  WorkbenchPagedList,
} from '../../../components/workbench/workbench-list';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import styles from '../../../components/workbench/workbench.module.css';
import { formatDateTime } from '../../../lib/format';
import { useTabParam } from '../../../lib/url-filters';
import { useCooperations } from '../api/records';
import { CooperationStatusTag, expertLine } from '../components/cooperation-status-tag';
import { InviteModal } from '../components/invite-modal';

type Filter = CooperationStatus | 'all';
const PAGE_SIZE = 10;
const filters: Filter[] = ['all', 'invited', 'accepted', 'declined', 'withdrawn', 'ended'];

/** 协作管理 (/expert/archives/cooperationList): invitations I sent and those I received. */
export function Component() {
  const [direction, setDirection] = useTabParam<CooperationDirection>('sent', 'received');
  const { filter, choose, pageNum, setPageNum } = useFilteredPages<Filter>('all');
  const [inviting, setInviting] = useState(false);
  const query = useCooperations({
    direction,
    status: filter === 'all' ? undefined : filter,
    pageNum,
    pageSize: PAGE_SIZE,
  });
  const { data } = query;
  const count = (f: Filter) =>
    (f === 'all' ? data && Object.values(data.counts).reduce((s, n) => s + n, 0) : data?.counts[f]) ?? 0;
  const switchTo = (d: CooperationDirection) => {
    setDirection(d);
    choose('all');
  };

  return (
    <WorkbenchLayout>
      <WorkbenchHead
        title="协作管理"
        sub="邀请其他专家一起看您服务的用户：对方接受后可在协作范围内查阅档案，双方可以讨论个案"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setInviting(true)}>
            邀请协作
          </Button>
        }
      />
      <Card>
        <ViewTabs<CooperationDirection>
          value={direction}
          onChange={switchTo}
          options={[
            { value: 'sent', label: '我发起的', total: data?.totals.sent },
            { value: 'received', label: '邀请我的', total: data?.totals.received },
          ]}
        />
        <StatusFilter<Filter>
          value={filter}
          onChange={choose}
          count={count}
          options={filters.map((f) => ({
            value: f,
            label: f === 'all' ? '全部' : cooperationStatusLabels[f],
          }))}
        />
        <WorkbenchPagedList
          query={query}
          failed="协作加载失败"
          empty={
            filter !== 'all'
              ? '这一类下没有协作'
              : direction === 'sent'
                ? '还没有发起过协作。需要其他专家一起看一位用户的情况时，点击右上角“邀请协作”。'
                : '还没有专家邀请您协作。收到邀请后会出现在这里，同时会有消息通知。'
          }
          page={{ current: pageNum, size: PAGE_SIZE, onChange: setPageNum }}
        >
          {(list) =>
            list.map((c) => {
              const link = `/expert/archives/cooperationDetail?id=${c.id}`;
              const waiting = direction === 'received' && c.status === 'invited';
              return (
                <ListRow
                  key={c.id}
                  role="listitem"
                  actions={
                    <Link to={link}>
                      <Button size="small" type={waiting ? 'primary' : 'default'}>
                        {waiting ? '查看并答复' : '查看'}
                      </Button>
                    </Link>
                  }
                >
                  <Space wrap size={6}>
                    <Link to={link}>
                      <Typography.Text strong>{c.person.name || '用户'}</Typography.Text>
                    </Link>
                    <CooperationStatusTag status={c.status} />
                    <Tag>{cooperationScopeLabels[c.scope]}</Tag>
                  </Space>
                  <div style={{ margin: '4px 0' }}>
                    {direction === 'sent' ? `邀请 ${expertLine(c.invitee)}` : `来自 ${expertLine(c.inviter)}`}
                  </div>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 1 }} style={{ margin: 0 }}>
                    原因：{c.reason}
                  </Typography.Paragraph>
                  <div className={styles.muted}>
                    邀请于 {formatDateTime(c.createdAt)}
                    {c.respondedAt &&
                      ` · ${c.status === 'declined' ? '拒绝' : '接受'}于 ${formatDateTime(c.respondedAt)}`}
                    {c.closedAt && ` · ${cooperationStatusLabels[c.status]}于 ${formatDateTime(c.closedAt)}`}
                  </div>
                </ListRow>
              );
            })
          }
        </WorkbenchPagedList>
      </Card>
      <InviteModal open={inviting} onClose={() => setInviting(false)} />
    </WorkbenchLayout>
  );
}
