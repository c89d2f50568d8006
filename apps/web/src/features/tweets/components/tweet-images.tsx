import { Image } from 'antd';
import { uploadUrl } from '../../../lib/format';
import styles from './tweets.module.css';

/** A tweet's pictures as a grid (one large, two or four in pairs, otherwise in threes); tap to enlarge. */
export function TweetImages({ images }: { images: string[] }) {
  if (images.length === 0) return null;
  const layout =
    images.length === 1
      ? styles.grid1
      : images.length === 2 || images.length === 4
        ? styles.grid2
        : styles.grid3;
  return (
    <Image.PreviewGroup>
      <div className={`${styles.grid} ${layout}`}>
        {images.map((name, i) => (
          <div key={`${name}-${i}`} className={styles.cell}>
            <Image src={uploadUrl(name)} alt={`图片${i + 1}`} loading="lazy" />
          </div>
        ))}
      </div>
    </Image.PreviewGroup>
  );
}
