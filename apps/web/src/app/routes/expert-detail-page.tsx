import { useSearchParams } from 'react-router';
import { idParam } from '../../components/page-states';
import { ExpertDetailPage } from '../../features/experts/pages/expert-detail-page';
import { ExpertTweets } from '../../features/tweets/components/tweet-list';

/** 专家详情 (/experts/detail?id=): the experts feature's page with the expert's tweets under it. */
export function Component() {
  const [params] = useSearchParams();
  const id = idParam(params);
  return <ExpertDetailPage tweets={id > 0 ? <ExpertTweets expertId={id} /> : null} />;
}
