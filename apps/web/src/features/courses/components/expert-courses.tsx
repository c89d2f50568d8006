import { Card, Col, Row } from 'antd';
import { useCourseList } from '../api/learning';
import { CourseCard } from './course-card';

/** 主讲课程: an expert's public courses, on their page; nothing at all when they have none. */
export function ExpertCourses({ expertId }: { expertId: number }) {
  const { data } = useCourseList({ pageNum: 1, pageSize: 8, expertId, sort: 'popular' });
  if (!data || data.list.length === 0) return null;
  return (
    <Card title={`主讲课程（${data.total}）`} style={{ marginTop: 16 }}>
      <Row gutter={[16, 16]}>
        {data.list.map((c) => (
          <Col key={c.id} xs={24} sm={12} lg={6}>
            <CourseCard course={c} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
