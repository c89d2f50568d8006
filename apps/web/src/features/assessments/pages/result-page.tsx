import { useSearchParams } from 'react-router';
import { idParam } from '../components/flow';
import { ResultView } from '../components/result-view';

/**
 * 测评结果: /test/pay?aid= at the end of the flow, and /user/paper/detail?id= from 我的测评.
 * Both show the same result.
 */
export function Component() {
  const [params] = useSearchParams();
  return <ResultView id={idParam(params.get('aid') ?? params.get('id'))} />;
}
