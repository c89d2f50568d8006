import { Card, Empty, Skeleton } from 'antd';
import { HomeSection } from '../../../components/home-section';
import { Tiles } from '../../../components/tiles';
import { useExperts } from '../api/expert-list';
import { ExpertCard } from './expert-card';

/** 推荐专家 on the home page: the four best-rated experts (the list's own order). */
export function RecommendedExperts({ count = 4 }: { count?: number }) {
  const { data, isPending, isError } = useExperts({ pageNum: 1, pageSize: count });
  // The home page stays useful without this section, so a failure just leaves it out.
  if (isError) return null;
  return (
    <HomeSection id="home-experts" title="推荐专家" more={{ to: '/app/expert', label: '全部专家' }}>
      {isPending ? (
        <Tiles sm={2} lg={count}>
          {Array.from({ length: count }, (_, i) => (
            <Card key={i}>
              <Skeleton avatar active paragraph={{ rows: 3 }} />
            </Card>
          ))}
        </Tiles>
      ) : data.list.length === 0 ? (
        <Empty description="暂无可预约的专家" />
      ) : (
        <Tiles sm={2} lg={count}>
          {data.list.map((e) => (
            <ExpertCard key={e.id} expert={e} compact />
          ))}
        </Tiles>
      )}
    </HomeSection>
  );
}
