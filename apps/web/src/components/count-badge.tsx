import type { ReactNode } from 'react';
import styles from './count-badge.module.css';

/**
 * `children` with antd Badge's small red count (hidden at 0, 99+ past 99), in CSS alone: antd's
 * Badge makes 11 KB of styles in the browser when first drawn, on pages a phone opens first (the
 * header, the expert list's filter button).
 */
export function CountBadge({ count, children }: { count: number; children: ReactNode }) {
  return (
    <span className={styles.badge}>
      {children}
      {count > 0 && (
        <sup className={styles.badgeCount} title={String(count)} data-testid="badge-count">
          {count > 99 ? '99+' : count}
        </sup>
      )}
    </span>
  );
}
