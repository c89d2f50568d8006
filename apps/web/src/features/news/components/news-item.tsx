import { EyeOutlined, ReadOutlined } from '@ant-design/icons';
import type { NewsSummary } from '@psy/contracts';
import { newsCategoryLabels } from '@psy/contracts/constants';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { shanghai, uploadUrl } from '../../../lib/format';
import styles from './news.module.css';

export const categoryColors = { science: 'cyan', platform: 'blue', event: 'orange' } as const;

/** One article in a list: cover, title, summary, category, date and readings. */
export function NewsItem({ news }: { news: NewsSummary }) {
  return (
    <Link to={`/news/detail?id=${news.id}`} className={styles.item} data-testid="news-item">
      {news.cover ? (
        <img className={styles.cover} src={uploadUrl(news.cover)} alt="" loading="lazy" />
      ) : (
        <div className={styles.placeholder} aria-hidden>
          <ReadOutlined />
        </div>
      )}
      <div className={styles.body}>
        <h3 className={styles.title}>
          {news.pinned && (
            <Tag color="red" style={{ verticalAlign: 'middle' }}>
              置顶
            </Tag>
          )}
          {news.title}
        </h3>
        <p className={styles.summary}>{news.summary}</p>
        <div className={styles.meta}>
          <Tag color={categoryColors[news.category]} style={{ marginInlineEnd: 0 }}>
            {newsCategoryLabels[news.category]}
          </Tag>
          <span>{shanghai(news.publishedAt).format('YYYY-MM-DD')}</span>
          <span>
            <EyeOutlined /> {news.views}
          </span>
        </div>
      </div>
    </Link>
  );
}
