import type { HTMLAttributes } from 'react';
import styles from './heading.module.css';

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * antd's `Typography.Title` look as a plain heading, for what the public pages draw first (their
 * heroes, section heads and cards): Typography's component and its generated styles stay out of
 * a phone's first render (docs/performance.md). Elsewhere antd's Typography is fine.
 */
export function Heading({
  level,
  className,
  ...rest
}: { level: 1 | 2 | 3 | 4 | 5 } & HTMLAttributes<HTMLHeadingElement>) {
  const Tag = `h${level}` as const;
  return <Tag className={join(styles.heading, styles[`h${level}`], className)} {...rest} />;
}

/** antd's `Typography.Paragraph` look (1em below; `secondary`: its secondary text colour). */
export function Paragraph({
  secondary,
  className,
  ...rest
}: { secondary?: boolean } & HTMLAttributes<HTMLDivElement>) {
  return <div className={join(styles.paragraph, secondary && styles.secondary, className)} {...rest} />;
}
