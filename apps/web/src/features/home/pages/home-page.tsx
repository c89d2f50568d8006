import { Col, Empty, Row, Skeleton } from 'antd';
import { Fragment, startTransition, useEffect, useState, type ReactNode } from 'react';
import { HomeSection } from '../../../components/home-section';
import { useHomeOverview } from '../api/get-overview';
import { BannerCarousel } from '../components/banner-carousel';
import { Hero } from '../components/hero';
import { HotlineBand } from '../components/hotline-band';
import { InstitutionCard } from '../components/institution-card';

/** One section of the home page, in the order the page shows them. */
export interface HomeSectionEntry {
  key: string;
  node: ReactNode;
}

/**
 * The sections drawn with the page's first render (what the first screen shows of them at 390
 * and 1366 px: the hero, the banner and the first section's heading and cards); the others
 * follow right after, one per frame.
 */
const FIRST_SECTIONS = 1;

/**
 * 首页: the platform figures, the banner carousel, then `sections` in order (other features'
 * sections, passed in by the app layer: app/routes/home-page.tsx), the partner institutions
 * and the crisis lines. What lies below the first screen follows the first paint one section
 * per commit, each in a transition started after the previous one was painted: a commit is
 * one task React cannot split, so a slow phone's main thread is held for one section at a
 * time, not for the rest of the page at once (docs/performance.md).
 */
export function HomePage({ sections }: { sections: HomeSectionEntry[] }) {
  const [shown, setShown] = useState(FIRST_SECTIONS);
  const more = shown < sections.length;
  useEffect(() => {
    if (!more) return;
    const frame = requestAnimationFrame(() => startTransition(() => setShown((n) => n + 1)));
    return () => cancelAnimationFrame(frame);
  }, [shown, more]);
  return (
    <>
      <Hero stats={useHomeOverview().data?.stats} />
      <div className="page-container">
        <BannerCarousel />
        {sections.slice(0, shown).map((s) => (
          <Fragment key={s.key}>{s.node}</Fragment>
        ))}
      </div>
    </>
  );
}

/** 合作机构: the partner institutions, and the crisis lines under them. */
export function HomeInstitutions() {
  const { data, isPending, isError } = useHomeOverview();
  if (isError) return null;
  return (
    <>
      <HomeSection
        id="home-institutions"
        title="合作机构"
        more={{ to: '/app/expert', label: '按机构找专家' }}
      >
        {isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : data.institutions.length === 0 ? (
          <Empty description="暂无合作机构" />
        ) : (
          <Row gutter={[16, 16]}>
            {data.institutions.map((i) => (
              <Col key={i.id} xs={24} sm={12} lg={6}>
                <InstitutionCard institution={i} />
              </Col>
            ))}
          </Row>
        )}
      </HomeSection>
      {data && <HotlineBand hotlines={data.hotlines} />}
    </>
  );
}
