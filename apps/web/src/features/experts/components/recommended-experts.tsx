import { RightOutlined } from '@ant-design/icons';
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { useExperts } from '../api/expert-list';
import { ExpertCard } from './expert-card';
import styles from './experts.module.css';

/** 推荐专家 on the home page: the four best-rated experts (the list's own order). */
export function RecommendedExperts() {
  const { data, isPending, isError } = useExperts({ pageNum: 1, pageSize: 4 });
  // The home page has its own error state; a failed or empty section simply stays out of the way.
  if (isError || (data && data.list.length === 0)) return null;
  return (
    <section style={{ marginTop: 32 }} aria-labelledby="home-experts">
      <div className={styles.sectionHead}>
        <Typography.Title level={3} id="home-experts" style={{ margin: 0 }}>
          推荐专家
        </Typography.Title>
        <Link to="/app/expert">
          全部专家 <RightOutlined />
        </Link>
      </div>
      <Row gutter={[16, 16]}>
        {isPending
          ? [0, 1, 2, 3].map((i) => (
              <Col key={i} xs={24} sm={12} lg={6}>
                <Card>
                  <Skeleton avatar active paragraph={{ rows: 3 }} />
                </Card>
              </Col>
            ))
          : data.list.map((e) => (
              <Col key={e.id} xs={24} sm={12} lg={6}>
                <ExpertCard expert={e} compact />
              </Col>
            ))}
      </Row>
    </section>
  );
}
