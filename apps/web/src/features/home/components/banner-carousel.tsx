import { Carousel, Skeleton } from 'antd';
import { Link } from 'react-router';
import { uploadUrl } from '../../../lib/format';
import { useBanners } from '../api/banners';
import styles from './home.module.css';

/** The home carousel: auditor-managed banners, each leading to a page of the platform. */
export function BannerCarousel() {
  const { data, isPending, isError } = useBanners();
  if (isPending)
    return (
      <div className={styles.banner} aria-busy="true">
        <Skeleton.Node active style={{ width: '100%', height: '100%' }}>
          <span />
        </Skeleton.Node>
      </div>
    );
  if (isError || data.length === 0) return null;
  return (
    <section aria-label="推荐活动" className={styles.banner}>
      <Carousel autoplay autoplaySpeed={5000} draggable>
        {data.map((b) => (
          <Link key={b.id} to={b.link} className={styles.slide} aria-label={b.title}>
            <img src={uploadUrl(b.image)} alt="" />
            <span className={styles.slideTitle}>{b.title}</span>
          </Link>
        ))}
      </Carousel>
    </section>
  );
}
