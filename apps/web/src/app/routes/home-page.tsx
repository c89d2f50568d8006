import { HotAssessments } from '../../features/assessments/components/hot-assessments';
import { HomePlans } from '../../features/assessments/components/home-plans';
import { FeaturedCourses } from '../../features/courses';
import { RecommendedExperts } from '../../features/experts/components/recommended-experts';
import { HomeInstitutions, HomePage, type HomeSectionEntry } from '../../features/home/pages/home-page';
import { LatestNews } from '../../features/news/components/latest-news';
import { TweetFeed } from '../../features/tweets/components/tweet-list';

/**
 * 首页 (/sys/home): each section belongs to its own feature and loads on its own (skeleton,
 * empty state); adding a section is one entry here.
 */
const sections: HomeSectionEntry[] = [
  { key: 'hot-assessments', node: <HotAssessments /> },
  { key: 'plans', node: <HomePlans /> },
  { key: 'courses', node: <FeaturedCourses /> },
  { key: 'experts', node: <RecommendedExperts /> },
  { key: 'news', node: <LatestNews /> },
  { key: 'tweets', node: <TweetFeed /> },
  { key: 'institutions', node: <HomeInstitutions /> },
];

export function Component() {
  return <HomePage sections={sections} />;
}
