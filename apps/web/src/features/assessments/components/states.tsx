import { Card, Col, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadFailed, NETWORK_HINT } from '../../../components/page-states';
import styles from './assessments.module.css';

/** Placeholder cards while a grid loads, shaped like the cards that follow. */
export function CardGridSkeleton({ count = 4, lg = 6 }: { count?: number; lg?: number }) {
  return (
    <Row gutter={[16, 16]}>
      {Array.from({ length: count }, (_, i) => (
        <Col key={i} xs={24} sm={12} lg={lg}>
          <Card className={styles.card}>
            <Skeleton active avatar={{ shape: 'square', size: 56 }} paragraph={{ rows: 3 }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** A list that could not load: the shared load error with the network hint. */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return <LoadFailed title={title} subTitle={NETWORK_HINT} onRetry={onRetry} />;
}

interface SectionHeadProps {
  title: ReactNode;
  more?: { to: string; label: string };
  id?: string;
}

export function SectionHead({ title, more, id }: SectionHeadProps) {
  return (
    <div className={styles.sectionHead}>
      <Typography.Title level={3} id={id} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {more && <Link to={more.to}>{more.label} ›</Link>}
    </div>
  );
}
