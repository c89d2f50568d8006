import { Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { uploadUrl } from '../../../lib/format';
import { useReducedMotion } from '../../../lib/reduced-motion';
import { useBanners } from '../api/banners';
import styles from './home.module.css';

/** How long each banner stays before the next (while nobody points at or focuses the carousel). */
const AUTOPLAY_MS = 5000;

/**
 * The home carousel: auditor-managed banners, each leading to a page of the platform. A row the
 * browser scrolls and snaps (swiped on a phone, dots to choose, the next one every 5 s): nothing
 * is measured while the page renders, where antd's Carousel (react-slick) read the slides' sizes
 * as it mounted and made a slow phone lay the page out again in the middle of its first render.
 * Autoplay stops while the pointer or the focus is on it, while the tab is hidden, and when the
 * system asks for less motion.
 */
export function BannerCarousel() {
  const { data, isPending, isError } = useBanners();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [held, setHeld] = useState(false);
  const reduced = useReducedMotion();
  const count = data?.length ?? 0;
  // A banner taken away while the page is open leaves no index past the end.
  const shown = Math.min(current, Math.max(count - 1, 0));

  const go = (i: number) => {
    const el = track.current;
    if (!el) return;
    el.scrollTo({ left: i * el.clientWidth, behavior: reduced ? 'auto' : 'smooth' });
    setCurrent(i);
  };

  useEffect(() => {
    if (count < 2 || held || reduced) return;
    const timer = setInterval(() => {
      if (document.hidden) return;
      const el = track.current;
      if (!el) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % count;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
      setCurrent(next);
    }, AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [count, held, reduced]);

  if (isPending)
    return (
      <div className={styles.banner} aria-busy="true">
        <Skeleton.Node active style={{ width: '100%', height: '100%' }}>
          <span />
        </Skeleton.Node>
      </div>
    );
  if (isError || count === 0) return null;
  return (
    <section
      aria-label="推荐活动"
      aria-roledescription="carousel"
      className={styles.banner}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHeld(false);
      }}
    >
      <div
        ref={track}
        className={styles.track}
        // A swipe or a scroll by hand moves the dots with it.
        onScroll={(e) => {
          const el = e.currentTarget;
          const i = Math.round(el.scrollLeft / Math.max(el.clientWidth, 1));
          if (i !== current) setCurrent(i);
        }}
      >
        {data.map((b, i) => (
          <Link
            key={b.id}
            to={b.link}
            className={styles.slide}
            aria-label={b.title}
            aria-roledescription="slide"
            aria-hidden={i !== shown}
            tabIndex={i === shown ? 0 : -1}
            data-current={i === shown || undefined}
          >
            <img src={uploadUrl(b.image)} alt="" loading={i === 0 ? 'eager' : 'lazy'} />
            <span className={styles.slideTitle}>{b.title}</span>
          </Link>
        ))}
      </div>
      {count > 1 && (
        <div className={styles.dots}>
          {data.map((b, i) => (
            <button
              key={b.id}
              type="button"
              className={styles.dot}
              aria-label={`第 ${i + 1} 张：${b.title}`}
              aria-current={i === shown}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
