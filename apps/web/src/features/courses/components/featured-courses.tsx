import { useQuery } from '@tanstack/react-query';
import { Col, Empty, Row, Skeleton } from 'antd';
import { HomeSection } from '../../../components/home-section';
import { featuredCoursesQuery } from '../api/learning';
import { CourseCard } from './course-card';

/** 精品课程 on the home page: the most learned published courses. */
export function FeaturedCourses({ count = 4 }: { count?: number }) {
  const { data, isPending, isError } = useQuery(featuredCoursesQuery(count));
  if (isError) return null;
  return (
    <HomeSection id="home-courses" title="精品课程" more={{ to: '/app/course', label: '全部课程' }}>
      {isPending ? (
        <Row gutter={[16, 16]}>
          {Array.from({ length: count }, (_, i) => (
            <Col key={i} xs={24} sm={12} lg={6}>
              <Skeleton.Node active style={{ width: '100%', height: 150 }} />
              <Skeleton active paragraph={{ rows: 2 }} />
            </Col>
          ))}
        </Row>
      ) : data.length === 0 ? (
        <Empty description="暂无课程" />
      ) : (
        <Row gutter={[16, 16]}>
          {data.map((c) => (
            <Col key={c.id} xs={24} sm={12} lg={6}>
              <CourseCard course={c} />
            </Col>
          ))}
        </Row>
      )}
    </HomeSection>
  );
}
