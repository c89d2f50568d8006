import { Card, Empty, List, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useCampaigns } from '../api/campaigns';
import { CampaignSummary } from './campaign-progress';

/** 进行中的筛查 on the auditors' workbench: open campaigns with their live completion. */
export function OpenCampaignsCard() {
  const q = useCampaigns({ pageNum: 1, pageSize: 5, status: 'open' });
  const list = q.data?.list ?? [];
  return (
    <Card
      title={q.data ? `进行中的筛查 ${q.data.total}` : '进行中的筛查'}
      size="small"
      style={{ marginTop: 16 }}
      extra={<Link to="/audit/campaign/list">筛查活动</Link>}
    >
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={q.isError ? '加载失败，请刷新重试' : '没有进行中的筛查活动'}
        />
      ) : (
        <List
          dataSource={list}
          split
          renderItem={(c) => (
            <List.Item>
              <Link to={`/audit/campaign/detail?id=${c.id}`} style={{ color: 'inherit', width: '100%' }}>
                <CampaignSummary c={c} />
              </Link>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
