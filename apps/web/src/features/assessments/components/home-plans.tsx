import { Empty } from 'antd';
import { HomeSection } from '../../../components/home-section';
import { Tiles } from '../../../components/tiles';
import { usePlanList } from '../api/catalog';
import { PlanCard } from './cards';
import { CardGridSkeleton } from './states';

/** 测评方案 on the home page: the first published plans, leading to the full list. */
export function HomePlans({ count = 3 }: { count?: number }) {
  const { data, isPending, isError } = usePlanList();
  if (isError) return null;
  return (
    <HomeSection id="home-plans" title="测评方案" more={{ to: '/combit/list', label: '全部方案' }}>
      {isPending ? (
        <CardGridSkeleton count={count} lg={24 / count} />
      ) : data.length === 0 ? (
        <Empty description="暂无测评方案" />
      ) : (
        <Tiles sm={2} lg={count}>
          {data.slice(0, count).map((p) => (
            <PlanCard key={p.id} plan={p} />
          ))}
        </Tiles>
      )}
    </HomeSection>
  );
}
