import { Button, Card, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { CardSkeleton, EmptyCard, LoadFailed } from '../../../components/page-states';
import { ListRow } from '../../../components/workbench/workbench-list';
import { topUnits, useMyUnits, useStaffCampaigns } from '../api/campaigns';
import { CampaignSummary } from '../components/campaign-progress';

/**
 * 我负责的筛查 (/org/campaign/list): for unit staff (辅导员, HR partners), the campaigns that
 * reach their units, with the completion of their units only.
 */
export function Component() {
  const navigate = useNavigate();
  const units = useMyUnits();
  const list = useStaffCampaigns();

  let body;
  if (list.isPending || units.isPending) body = <CardSkeleton rows={5} />;
  else if (list.isError) body = <LoadFailed title="筛查活动加载失败" onRetry={() => void list.refetch()} />;
  else if (!units.data?.length)
    body = <EmptyCard text="您还不是任何单位的负责人。需要时请联系机构的心理中心为您开通。" />;
  else if (!list.data.length) body = <EmptyCard text="您负责的单位暂时没有筛查活动" />;
  else
    body = (
      <Card>
        <div role="list">
          {list.data.map((c) => (
            <ListRow
              key={c.id}
              role="listitem"
              actions={<Button onClick={() => navigate(`/org/campaign/detail?id=${c.id}`)}>查看进度</Button>}
            >
              <CampaignSummary c={c} />
            </ListRow>
          ))}
        </div>
      </Card>
    );

  return (
    <div className="page-container">
      <Typography.Title level={4}>我负责的筛查</Typography.Title>
      {!!units.data?.length && (
        <Typography.Paragraph type="secondary">
          负责单位：
          {topUnits(units.data)
            .map((u) => u.name)
            .join('、')}
          。这里只显示您负责单位的完成情况和需要关注的程度，不含作答内容与分数。
        </Typography.Paragraph>
      )}
      {body}
    </div>
  );
}
