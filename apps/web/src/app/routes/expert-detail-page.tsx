import { ExpertCourses } from '../../features/courses/components/expert-courses';
import { ExpertDetailPage } from '../../features/experts/pages/expert-detail-page';

/** 专家详情 (/experts/detail?id=): the experts feature's page with the expert's courses below it. */
export function Component() {
  return <ExpertDetailPage below={(expertId) => <ExpertCourses expertId={expertId} />} />;
}
