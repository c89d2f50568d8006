import { Empty, Skeleton } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { HomeSection } from '../../../components/home-section';
import { Tiles } from '../../../components/tiles';
import { WhenNear } from '../../../components/when-near';
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
 * and 1366 px: the hero, the banner and the first section's heading and cards); each of the
 * others is drawn when it comes near the screen.
 */
const FIRST_SECTIONS = 1;

/** The place a section below the first screen holds until it is drawn (about a row of cards). */
const SECTION_PLACE_PX = 360;

/**
 * 首页: the platform figures, the banner carousel, then `sections` in order (other features'
 * sections, passed in by the app layer: app/routes/home-page.tsx), the partner institutions
 * and the crisis lines. The sections below the first screen are drawn as a visitor scrolls
 * towards them (`WhenNear`), each in a transition: a slow phone's main thread renders the
 * first screen, not the whole page, while the page loads (docs/performance.md). Their lists
 * are asked for with the page all the same (the route's loader), so they show at once.
 */
export function HomePage({ sections }: { sections: HomeSectionEntry[] }) {
  return (
    <>
      <Hero stats={useHomeOverview().data?.stats} />
      <div className="page-container">
        <BannerCarousel />
        {sections.map((s, i) =>
          i < FIRST_SECTIONS ? (
            <Fragment key={s.key}>{s.node}</Fragment>
          ) : (
            <WhenNear key={s.key} minHeight={SECTION_PLACE_PX}>
              {s.node}
            </WhenNear>
          ),
        )}
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
          <Tiles sm={2} lg={4}>
            {data.institutions.map((i) => (
              <InstitutionCard key={i.id} institution={i} />
            ))}
          </Tiles>
        )}
      </HomeSection>
      {data && <HotlineBand hotlines={data.hotlines} />}
    </>
  );
}
