import { Card, Col, Flex, Row, Skeleton, type ColProps } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { routeExists } from '../lib/route-exists';
import styles from './workbench/workbench.module.css';

export interface StatCardProps {
  icon: ReactNode;
  color: string;
  label: string;
  value: number | undefined;
  loading: boolean;
  sub?: ReactNode;
  to?: string;
}

/** A workbench count that leads to its page (when that page exists). */
export function StatCard({ icon, color, label, value, loading, sub, to }: StatCardProps) {
  const card = (
    <Card className={styles.statCard} hoverable={!!to}>
      <Flex gap={14} align="center">
        <div className={styles.statIcon} style={{ background: `${color}1a`, color }}>
          {icon}
        </div>
        <div style={{ minWidth: 0 }}>
          <div className={styles.muted}>{label}</div>
          {loading ? (
            <Skeleton.Input active size="small" style={{ width: 60, marginTop: 6 }} />
          ) : (
            <div className={styles.statNumber}>{value ?? '—'}</div>
          )}
          {sub && !loading && <div className={styles.muted}>{sub}</div>}
        </div>
      </Flex>
    </Card>
  );
  return to && routeExists(to) ? (
    <Link to={to} className={styles.cardLink} aria-label={label}>
      {card}
    </Link>
  ) : (
    card
  );
}

/** A row of counts (a workbench's head), each in a column of `col`'s widths or its own. */
export function StatRow({
  cards,
  col,
  style,
}: {
  cards: (StatCardProps & { col?: ColProps })[];
  col: ColProps;
  style?: CSSProperties;
}) {
  return (
    <Row gutter={[16, 16]} style={style}>
      {cards.map(({ col: own, ...card }) => (
        <Col key={card.label} {...(own ?? col)}>
          <StatCard {...card} />
        </Col>
      ))}
    </Row>
  );
}
