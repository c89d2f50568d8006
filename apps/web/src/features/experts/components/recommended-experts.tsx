import { Card, Col, Empty, Row, Skeleton } from 'antd';
import { HomeSection } from '../../../components/home-section';
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
        <Row gutter={[16, 16]}>
          {Array.from({ length: count }, (_, i) => (
            <Col key={i} xs={24} sm={12} lg={24 / count}>
              <Card>
                <Skeleton avatar active paragraph={{ rows: 3 }} />
              </Card>
            </Col>
          ))}
        </Row>
      ) : data.list.length === 0 ? (
        <Empty description="暂无可预约的专家" />
      ) : (
        <Row gutter={[16, 16]}>
          {data.list.map((e) => (
            <Col key={e.id} xs={24} sm={12} lg={24 / count}>
              <ExpertCard expert={e} compact />
            </Col>
          ))}
        </Row>
      )}
    </HomeSection>
  );
}
