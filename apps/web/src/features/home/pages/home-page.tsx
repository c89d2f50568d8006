import { Col, Empty, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useHomeOverview } from '../api/get-overview';
import { Hero } from '../components/hero';
import { HotlineBand } from '../components/hotline-band';
import { InstitutionCard } from '../components/institution-card';
import styles from '../components/home.module.css';
import { LoadFailed } from '../../../components/page-states';

/**
 * 首页. The hot assessments and recommended experts belong to their own features: the app
 * layer (app/routes/home-page.tsx) passes them in.
 */
export function HomePage({ assessments, experts }: { assessments: ReactNode; experts: ReactNode }) {
  const { data, isPending, isError, refetch } = useHomeOverview();
  return (
    <>
      <Hero stats={data?.stats} />
      <div className="page-container">
        {assessments}
        {isError ? (
          <LoadFailed title="首页内容加载失败" onRetry={() => void refetch()} />
        ) : (
          <section className={styles.section} aria-labelledby="home-institutions">
            <div className={styles.sectionHead}>
              <Typography.Title level={3} id="home-institutions" style={{ margin: 0 }}>
                合作机构
              </Typography.Title>
            </div>
            {isPending ? (
              <Skeleton active paragraph={{ rows: 4 }} />
            ) : data.institutions.length === 0 ? (
              <Empty description="暂无合作机构" />
            ) : (
              <Row gutter={[16, 16]}>
                {data.institutions.map((i) => (
                  <Col key={i.id} xs={24} sm={12} lg={6}>
                    <InstitutionCard institution={i} />
                  </Col>
                ))}
              </Row>
            )}
          </section>
        )}
        {experts}
        {data && <HotlineBand hotlines={data.hotlines} />}
      </div>
    </>
  );
}
