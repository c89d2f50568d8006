import { ExpertCourses } from '../../features/courses/components/expert-courses';
import { ExpertDetailPage } from '../../features/experts/pages/expert-detail-page';
import { PublicFeedback } from '../../features/feedback/components/public-feedback';
import { ExpertTweets } from '../../features/tweets/components/tweet-list';

/** 专家详情 (/experts/detail?id=): the experts feature's page with the expert's feedback, tweets and courses. */
export function Component() {
  return (
    <ExpertDetailPage
      feed={(expertId) => <ExpertTweets expertId={expertId} />}
      below={(expertId) => (
        <>
          <PublicFeedback expertId={expertId} />
          <ExpertCourses expertId={expertId} />
        </>
      )}
    />
  );
}
