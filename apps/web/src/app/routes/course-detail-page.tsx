import { CourseDetailPage } from '../../features/courses/pages/detail-page';
import { FeedbackPanel } from '../../features/feedback/components/feedback-panel';

/** 课程详情 (/course/detail?id=): the courses feature's page with a learner's feedback to the author. */
export function Component() {
  return <CourseDetailPage feedback={(id) => <FeedbackPanel kind="course" objectId={id} />} />;
}
