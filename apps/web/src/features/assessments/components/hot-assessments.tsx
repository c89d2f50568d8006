import { Empty } from 'antd';
import { HomeSection } from '../../../components/home-section';
import { Tiles } from '../../../components/tiles';
import { useScaleList } from '../api/catalog';
import { ScaleCard } from './cards';
import { CardGridSkeleton } from './states';

/** 热门测评 on the home page: the most taken scales, leading to the assessment centre. */
export function HotAssessments({ count = 4 }: { count?: number }) {
  // The server orders by how often each scale was taken and sends just the top `count`.
  const { data, isPending, isError } = useScaleList({ pageNum: 1, pageSize: count, sort: 'popular' });
  // The home page stays useful without this section, so a failure just leaves it out.
  if (isError) return null;
  const hot = data?.list ?? [];
  return (
    <HomeSection
      id="home-hot-assessments"
      title="热门测评"
      more={{ to: '/app/website', label: '进入测评中心' }}
    >
      {isPending ? (
        <CardGridSkeleton count={count} />
      ) : hot.length === 0 ? (
        <Empty description="暂无上线的测评" />
      ) : (
        <Tiles sm={2} lg={count}>
          {hot.map((s) => (
            <ScaleCard key={s.id} scale={s} />
          ))}
        </Tiles>
      )}
    </HomeSection>
  );
}
