import { Card } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './link-card.module.css';

/**
 * A catalogue card that is one link as a whole (scales, plans, activities, courses, experts):
 * it fills its grid cell, so a row of cards lines up, and lifts on hover. `className` adds the
 * feature's own look to the card.
 */
export function LinkCard({
  to,
  label,
  body,
  className,
  children,
}: {
  to: string;
  /** The link's accessible name. */
  label: string;
  body: CSSProperties;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={styles.link} aria-label={label}>
      <Card hoverable className={className ? `${styles.card} ${className}` : styles.card} styles={{ body }}>
        {children}
      </Card>
    </Link>
  );
}
