import { ClockCircleOutlined, FileTextOutlined, TeamOutlined } from '@ant-design/icons';
import type { AssessmentState } from '@psy/contracts';
import { Button, Card, Tag, Typography } from 'antd';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { usePlanDetail } from '../api/catalog';
import { useUnfinishedAssessments } from '../api/taking';
import { flowPaths, idParam, nextPath, withAid } from '../components/flow';
import { FlowShell, WithAssessment } from '../components/flow-shell';
import { yuan } from '../../../lib/format';
import { useStartAndGo } from '../components/use-start';
import styles from '../components/assessments.module.css';
import { FlowSkeleton, missingOrFailed } from '../components/states';

/**
 * 指导语 (/combit/guading). With ?aid= it is the first step of a plan being taken; with
 * ?id=<planId> (search results, plan cards) it introduces the plan and starts it.
 */
export function Component() {
  const [params] = useSearchParams();
  const aid = idParam(params.get('aid'));
  if (aid) return <WithAssessment aid={aid}>{(s) => <Guidance state={s} />}</WithAssessment>;
  return <PlanIntro planId={idParam(params.get('id'))} />;
}

function Guidance({ state }: { state: AssessmentState }) {
  const navigate = useNavigate();
  if (state.next === 'done') return <Navigate to={nextPath(state)} replace />;
  if (!state.guidance) return <Navigate to={nextPath(state)} replace />;
  const onward = state.consentAcceptedAt ? nextPath(state) : withAid(flowPaths.consent, state.id);
  return (
    <FlowShell state={state} step="guidance">
      <Card className={styles.flowCard} title="指导语">
        <Typography.Paragraph className={styles.prose}>{state.guidance}</Typography.Paragraph>
        <Typography.Text type="secondary">本次测评包含</Typography.Text>
        <ol className={styles.partList}>
          {state.parts.map((p) => (
            <li key={p.index}>
              <span>
                {p.name}（{p.shortName}）
              </span>
              <Typography.Text type="secondary">{p.items.length} 题</Typography.Text>
            </li>
          ))}
        </ol>
        <div className={styles.actions}>
          <Button type="primary" size="large" onClick={() => navigate(onward)}>
            我知道了，下一步
          </Button>
        </div>
      </Card>
    </FlowShell>
  );
}

function PlanIntro({ planId }: { planId: number }) {
  const query = usePlanDetail(planId);
  const starter = useStartAndGo();
  const mine = useUnfinishedAssessments(starter.signedIn);
  const unfinished = mine.data?.some((a) => a.kind === 'plan' && a.title === query.data?.title);

  const state = missingOrFailed(query, planId, {
    title: '测评方案不存在或已下线',
    back: { to: '/combit/list', label: '看看其他方案' },
    failed: '方案加载失败',
  });
  if (state) return state;
  const plan = query.data;
  if (!plan) return <FlowSkeleton />;
  return (
    <div className={styles.flow}>
      <Card className={styles.flowCard}>
        <Tag color="blue">测评方案</Tag>
        <Typography.Title level={3} style={{ marginTop: 8 }}>
          {plan.title}
        </Typography.Title>
        <Typography.Paragraph className={styles.prose}>{plan.intro}</Typography.Paragraph>
        <div
          className={styles.facts}
          style={{ display: 'flex', gap: 16, flexWrap: 'wrap', marginBottom: 16 }}
        >
          <span>
            <FileTextOutlined /> 共 {plan.itemCount} 题
          </span>
          <span>
            <ClockCircleOutlined /> 约 {plan.estimatedMinutes} 分钟
          </span>
          <span>
            <TeamOutlined /> {plan.takenCount} 人完成
          </span>
        </div>
        <strong>包含量表</strong>
        <ol className={styles.partList}>
          {plan.scales.map((s) => (
            <li key={s.id}>
              <Link to={`/test/detail?id=${s.id}`}>
                {s.name}（{s.shortName}）
              </Link>
            </li>
          ))}
        </ol>
        <div className={styles.locked} style={{ marginTop: 16 }}>
          测评免费，完成后立即查看得分与结果等级；完整报告（解读与建议、PDF）
          {plan.priceFen > 0 ? (
            <strong className={styles.price}> {yuan(plan.priceFen)}</strong>
          ) : (
            <strong className={styles.priceFree}> 免费</strong>
          )}
          {plan.requiresApproval && '，由专家审核后出具'}。
          {plan.formFields.length > 0 &&
            `作答前需填写基本信息（含${plan.formFields.map((f) => f.label).join('、')}）。`}
        </div>
        <div className={styles.actions}>
          <Button
            type="primary"
            size="large"
            loading={starter.pending}
            onClick={() => starter.go({ planId: plan.id })}
          >
            {unfinished ? '继续测评' : '开始测评'}
          </Button>
        </div>
      </Card>
    </div>
  );
}
