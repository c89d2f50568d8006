import { HotAssessments } from '../../features/assessments/components/hot-assessments';
import { RecommendedExperts } from '../../features/experts/components/recommended-experts';
import { HomePage } from '../../features/home/pages/home-page';

/** 首页 (/sys/home): the home feature's page with the assessments and experts it shows. */
export function Component() {
  return <HomePage assessments={<HotAssessments />} experts={<RecommendedExperts />} />;
}
