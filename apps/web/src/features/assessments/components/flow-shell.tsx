import type { AssessmentState } from '@psy/contracts';
import { Button, Grid, Result, Steps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Heading } from '../../../components/heading';
import { ApiError } from '../../../lib/api';
import { useAssessment } from '../api/taking';
import { flowSteps } from './flow';
import { FlowSkeleton } from './states';
import styles from './assessments.module.css';

type StepKey = AssessmentState['next'];

/** The calm single column every taking page shares: title, where you are, then the step. */
interface ShellProps {
  state: AssessmentState;
  step: StepKey;
  children: ReactNode;
  /** Questions on a phone need the room more than the overview does. */
  hideStepsOnPhone?: boolean;
}

export function FlowShell({ state, step, children, hideStepsOnPhone }: ShellProps) {
  const screens = Grid.useBreakpoint();
  const steps = flowSteps(state);
  const current = Math.max(
    0,
    steps.findIndex((s) => s.key === step),
  );
  return (
    <div className={styles.flow}>
      <div className={styles.flowTitle}>
        <Heading level={4}>{state.title}</Heading>
      </div>
      {!(hideStepsOnPhone && screens.sm === false) && (
        <Steps
          className={styles.flowSteps}
          size="small"
          type="dot"
          responsive={false}
          titlePlacement="vertical"
          current={current}
          items={steps.map((s) => ({
            title: screens.sm === false && s.key === 'questions' ? '答题' : s.title,
          }))}
        />
      )}
      {children}
    </div>
  );
}

function FlowMessage({ title, sub, retry }: { title: string; sub?: string; retry?: () => void }) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle={sub}
      extra={
        retry ? (
          <Button onClick={retry}>重新加载</Button>
        ) : (
          <Link to="/user/paper/list">
            <Button type="primary">查看我的测评</Button>
          </Link>
        )
      }
    />
  );
}

/**
 * Loads the assessment named by ?aid= and renders the page with it, or the loading, missing
 * and failed states that every taking page would otherwise repeat.
 */
export function WithAssessment({
  aid,
  children,
}: {
  aid: number;
  children: (s: AssessmentState) => ReactNode;
}) {
  const { data, isPending, isError, error, refetch } = useAssessment(aid);
  if (!aid) return <FlowMessage title="没有找到这次测评" sub="请从测评中心或“我的测评”进入" />;
  if (isPending) return <FlowSkeleton rows={6} />;
  if (isError) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
      return <FlowMessage title="没有找到这次测评" sub={error.message} />;
    }
    return (
      <FlowMessage title="测评加载失败" sub="可能是网络不稳定，请稍后重试" retry={() => void refetch()} />
    );
  }
  return <>{children(data)}</>;
}
