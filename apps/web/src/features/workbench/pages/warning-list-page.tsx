import { Card, Flex, Pagination, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useWarnings, type WarningStatus } from '../api/warnings';
import { CardSkeleton, LoadError } from '../../../components/page-states';
import { WarningLevelTag, WarningStatusTag } from '../../../components/status-tags';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import styles from '../../../components/workbench/workbench.module.css';

type Tab = WarningStatus | 'all';
const PAGE_SIZE = 10;
const emptyText: Record<Tab, string> = {
  pending: '没有待处理的预警',
  following: '没有跟进中的预警',
  closed: '还没有已关闭的预警',
  all: '还没有预警。用户测评触发预警规则时，会出现在这里。',
};

/** 预警列表 (/expert/warning/list): warnings by status, the most urgent first. */
export function Component() {
  const [tab, setTab] = useState<Tab>('pending');
  const [pageNum, setPageNum] = useState(1);
  const { data, isPending, isError, error, refetch } = useWarnings({
    status: tab === 'all' ? undefined : tab,
    pageNum,
    pageSize: PAGE_SIZE,
  });

  return (
    <WorkbenchLayout>
      <WorkbenchHead title="预警列表" sub="高危预警请尽快联系本人；处理过程请在“进度处理”中记录" />
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            setTab(k as Tab);
            setPageNum(1);
          }}
          items={[
            { key: 'pending', label: '待处理' },
            { key: 'following', label: '跟进中' },
            { key: 'closed', label: '已关闭' },
            { key: 'all', label: '全部' },
          ]}
        />
        {isPending ? (
          <CardSkeleton rows={4} />
        ) : isError ? (
          <LoadError error={error} what="预警" onRetry={() => void refetch()} />
        ) : data.list.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', padding: '32px 0' }}>
            {emptyText[tab]}
          </Typography.Paragraph>
        ) : (
          <div role="list" aria-label="预警">
            {data.list.map((w) => (
              <div key={w.id} className={styles.listItem} role="listitem">
                <Flex justify="space-between" align="start" gap={12} wrap>
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Space wrap size={6}>
                      <WarningLevelTag level={w.level} />
                      <Link to={`/expert/warning/detail?id=${w.id}`}>
                        <Typography.Text strong>{w.userName || '用户'}</Typography.Text>
                      </Link>
                      <span>{w.reason}</span>
                      {w.escalated && <Tag color="volcano">超时未处理，已上报</Tag>}
                    </Space>
                    <div className={styles.muted}>
                      {w.scaleName} · {formatDateTime(w.createdAt)}
                    </div>
                  </div>
                  <Space size={12}>
                    <WarningStatusTag status={w.status} />
                    <Link to={`/expert/warning/detail?id=${w.id}`}>详情</Link>
                    {w.status !== 'closed' && <Link to={`/expert/warning/status?id=${w.id}`}>处理</Link>}
                  </Space>
                </Flex>
              </div>
            ))}
          </div>
        )}
        {data && data.total > PAGE_SIZE && (
          <Pagination
            style={{ marginTop: 16, textAlign: 'right' }}
            current={pageNum}
            pageSize={PAGE_SIZE}
            total={data.total}
            showSizeChanger={false}
            showTotal={(t) => `共 ${t} 条`}
            onChange={setPageNum}
          />
        )}
      </Card>
    </WorkbenchLayout>
  );
}
