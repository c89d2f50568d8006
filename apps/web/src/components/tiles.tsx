import type { CSSProperties, ReactNode } from 'react';
import styles from './tiles.module.css';

type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/**
 * Cards so many a row from each breakpoint on (antd's: sm 576 px, md 768, lg 992, xl 1200; one
 * not given takes the one below it, xs is 1 unless given), 16 px apart: `<Tiles sm={2} lg={4}>`
 * is antd's `<Row gutter={[16, 16]}>` with `<Col xs={24} sm={12} lg={6}>` around each card.
 *
 * In CSS alone, for the public pages' card grids: antd's Row and Col make their styles in the
 * browser when first drawn, every span, offset and order of every breakpoint (87 KB of CSS
 * generated, hashed and parsed), which was one of the larger shares of a phone's first render
 * of 测评中心 (docs/performance.md).
 */
export function Tiles({
  children,
  className,
  style,
  ...per
}: Partial<Record<Breakpoint, number>> & { children: ReactNode; className?: string; style?: CSSProperties }) {
  const columns = Object.fromEntries(Object.entries(per).map(([b, n]) => [`--tiles-${b}`, n]));
  return (
    <div
      className={className ? `${styles.tiles} ${className}` : styles.tiles}
      style={{ ...columns, ...style }}
    >
      {children}
    </div>
  );
}
