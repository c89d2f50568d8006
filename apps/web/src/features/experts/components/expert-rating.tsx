import { StarFilled } from '@ant-design/icons';
import styles from './experts.module.css';

/**
 * An expert's rating: the mean of their consultation feedback and how many there are, or
 * 暂无评价 before the first.
 */
export function ExpertRating({ rating, count }: { rating: number | null; count: number }) {
  if (rating === null || count === 0) return <span className={styles.unrated}>暂无评价</span>;
  return (
    <>
      <span className={styles.rating} aria-label={`评分 ${rating.toFixed(1)}`}>
        <StarFilled /> {rating.toFixed(1)}
      </span>
      <span>{count} 条评价</span>
    </>
  );
}
