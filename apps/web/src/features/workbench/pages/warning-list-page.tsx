import { Card, Space, Tabs, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useWarnings, type WarningStatus } from '../api/warnings';
import { WarningLevelTag, WarningStatusTag } from '../../../components/status-tags';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { ContentList } from '../../../components/workbench/content-list';
import { ListRow, useFilteredPages } from '../../../components/workbench/workbench-list';
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
  const { filter: tab, choose, pageNum, setPageNum } = useFilteredPages<Tab>('pending');
  const query = useWarnings({
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
          onChange={(k) => choose(k as Tab)}
          items={[
            { key: 'pending', label: '待处理' },
            { key: 'following', label: '跟进中' },
            { key: 'closed', label: '已关闭' },
            { key: 'all', label: '全部' },
          ]}
        />
        <ContentList
          query={query}
          what="预警"
          empty={emptyText[tab]}
          page={{ current: pageNum, size: PAGE_SIZE, unit: '条', onChange: setPageNum }}
        >
          {(list) => (
            <div role="list" aria-label="预警">
              {list.map((w) => (
                <ListRow
                  key={w.id}
                  role="listitem"
                  actions={
                    <Space size={12}>
                      <WarningStatusTag status={w.status} />
                      <Link to={`/expert/warning/detail?id=${w.id}`}>详情</Link>
                      <Link to={`/expert/archives/record?userId=${w.userId}`}>档案</Link>
                      {w.status !== 'closed' && <Link to={`/expert/warning/status?id=${w.id}`}>处理</Link>}
                    </Space>
                  }
                >
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
                </ListRow>
              ))}
            </div>
          )}
        </ContentList>
      </Card>
    </WorkbenchLayout>
  );
}
