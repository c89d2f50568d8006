import { planListQuery, scaleListQuery } from '../../features/assessments/api/catalog';
import { HotAssessments } from '../../features/assessments/components/hot-assessments';
import { HomePlans } from '../../features/assessments/components/home-plans';
import { FeaturedCourses, featuredCoursesQuery } from '../../features/courses';
import { expertPageQuery } from '../../features/experts/api/expert-list';
import { RecommendedExperts } from '../../features/experts/components/recommended-experts';
import { HomeInstitutions, HomePage, type HomeSectionEntry } from '../../features/home/pages/home-page';
import { bannersQuery } from '../../features/home/api/banners';
import { homeOverviewQuery } from '../../features/home/api/get-overview';
import { latestNewsQuery } from '../../features/news/api/news';
import { LatestNews } from '../../features/news/components/latest-news';
import { firstData } from '../../lib/first-data';
import { TweetFeed } from '../../features/tweets/components/tweet-list';

/** Cards in each home section (the sections and their first lists use the same count). */
const CARDS = 4;

/**
 * 首页 (/sys/home): each section belongs to its own feature and loads on its own (skeleton,
 * empty state); adding a section is one entry here.
 */
const sections: HomeSectionEntry[] = [
  { key: 'hot-assessments', node: <HotAssessments count={CARDS} /> },
  { key: 'plans', node: <HomePlans /> },
  { key: 'courses', node: <FeaturedCourses count={CARDS} /> },
  { key: 'experts', node: <RecommendedExperts count={CARDS} /> },
  { key: 'news', node: <LatestNews count={CARDS} /> },
  { key: 'tweets', node: <TweetFeed /> },
  { key: 'institutions', node: <HomeInstitutions /> },
];

/** The sections' lists, asked for before the page renders (lib/first-data.ts); the tweets follow. */
export const loader = () =>
  firstData([
    homeOverviewQuery,
    bannersQuery,
    scaleListQuery({ pageNum: 1, pageSize: CARDS, sort: 'popular' }),
    planListQuery,
    featuredCoursesQuery(CARDS),
    expertPageQuery({ pageNum: 1, pageSize: CARDS }),
    latestNewsQuery(CARDS),
  ]);

export function Component() {
  return <HomePage sections={sections} />;
}
