import type { AssessmentState } from '@psy/contracts';
import { Button, Card, Checkbox, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useAcceptConsent } from '../api/taking';
import { flowPaths, idParam, nextPath, withAid } from '../components/flow';
import { FlowShell, WithAssessment } from '../components/flow-shell';
import styles from '../components/assessments.module.css';

/** 知情同意书 (/combit/consent?aid=): the server records the moment it was accepted. */
export function Component() {
  const [params] = useSearchParams();
  const aid = idParam(params.get('aid'));
  return <WithAssessment aid={aid}>{(s) => <Consent state={s} />}</WithAssessment>;
}

function Consent({ state }: { state: AssessmentState }) {
  const navigate = useNavigate();
  const [agreed, setAgreed] = useState(false);
  const accept = useAcceptConsent(state.id);
  // Already agreed (or finished): nothing to sign twice. Just agreed: onSuccess moves on.
  if ((state.consentAcceptedAt || state.next === 'done') && !accept.isSuccess) {
    return <Navigate to={nextPath(state)} replace />;
  }
  return (
    <FlowShell state={state} step="consent">
      <Card className={styles.flowCard} title="知情同意书">
        <div className={styles.consentBox} tabIndex={0} aria-label="知情同意书内容">
          <Typography.Paragraph className={styles.prose} style={{ marginBottom: 0 }}>
            {state.consentText}
          </Typography.Paragraph>
        </div>
        <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} style={{ marginTop: 16 }}>
          我已阅读并同意
        </Checkbox>
        <div className={styles.actions}>
          {state.guidance && (
            <Button size="large" onClick={() => navigate(withAid(flowPaths.guidance, state.id))}>
              上一步
            </Button>
          )}
          <Button
            type="primary"
            size="large"
            disabled={!agreed}
            loading={accept.isPending}
            onClick={() =>
              // Replaced in history: going back from the next step skips a consent already given.
              accept.mutate(undefined, { onSuccess: (s) => navigate(nextPath(s), { replace: true }) })
            }
          >
            同意并继续
          </Button>
        </div>
      </Card>
    </FlowShell>
  );
}
