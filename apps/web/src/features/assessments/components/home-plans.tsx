import { Col, Empty, Row } from 'antd';
import { HomeSection } from '../../../components/home-section';
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
        <Row gutter={[16, 16]}>
          {data.slice(0, count).map((p) => (
            <Col key={p.id} xs={24} sm={12} lg={24 / count}>
              <PlanCard plan={p} />
            </Col>
          ))}
        </Row>
      )}
    </HomeSection>
  );
}
