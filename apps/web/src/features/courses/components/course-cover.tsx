import { PlayCircleOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import styles from './courses.module.css';

const gradients = [
  'linear-gradient(135deg, #13a8a8, #1677ff)',
  'linear-gradient(135deg, #eb2f96, #722ed1)',
  'linear-gradient(135deg, #fa8c16, #f5222d)',
  'linear-gradient(135deg, #52c41a, #13a8a8)',
  'linear-gradient(135deg, #2f54eb, #722ed1)',
];

/** A course's 16:9 cover; without an image, its title on a colour of its own. */
export function CourseCover({
  id,
  title,
  url,
  badge,
  corner,
}: {
  id: number;
  title: string;
  url: string | null;
  badge?: ReactNode;
  corner?: ReactNode;
}) {
  return (
    <div className={styles.cover} style={url ? undefined : { background: gradients[id % gradients.length] }}>
      {url ? (
        <img src={url} alt={`${title} 封面`} loading="lazy" />
      ) : (
        <div className={styles.coverText}>
          <PlayCircleOutlined style={{ marginRight: 8 }} />
          {title}
        </div>
      )}
      {badge && <div className={styles.coverBadge}>{badge}</div>}
      {corner && <div className={styles.coverLength}>{corner}</div>}
    </div>
  );
}
