import type { StartAssessmentBody } from '@psy/contracts';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session';
import { useStartAssessment } from '../api/taking';
import { nextPath } from './flow';

/**
 * Start (or resume) an assessment and go to its next step. A visitor is sent to sign in
 * first and comes back to the page they were on.
 */
export function useStartAndGo() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const signedIn = useSession((s) => !!s.token);
  const start = useStartAssessment();
  return {
    signedIn,
    pending: start.isPending,
    go(body: StartAssessmentBody) {
      if (!signedIn) {
        navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`);
        return;
      }
      start.mutate(body, { onSuccess: (s) => navigate(nextPath(s)) });
    },
  };
}
