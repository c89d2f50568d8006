import { ClockCircleOutlined, FileTextOutlined, SaveOutlined } from '@ant-design/icons';
import type { AssessmentState } from '@psy/contracts';
import { Button, Card, Descriptions, Typography } from 'antd';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { answeredCount, currentPart, flowPaths, idParam, nextPath, withAid } from '../components/flow';
import { FlowShell, WithAssessment } from '../components/flow-shell';
import styles from '../components/assessments.module.css';

/** 量表说明 (/test/steps?aid=&part=): each scale's own instructions before its questions. */
export function Component() {
  const [params] = useSearchParams();
  const aid = idParam(params.get('aid'));
  const part = params.get('part');
  return <WithAssessment aid={aid}>{(s) => <ScaleIntro state={s} partParam={part} />}</WithAssessment>;
}

function ScaleIntro({ state, partParam }: { state: AssessmentState; partParam: string | null }) {
  const navigate = useNavigate();
  const current = currentPart(state);
  // Only the scale whose turn it is, and only once consent and basic info are done.
  if (state.next !== 'questions' || !current || (partParam !== null && Number(partParam) !== current.index)) {
    return <Navigate to={nextPath(state)} replace />;
  }
  const started = answeredCount(current) > 0;
  const many = state.parts.length > 1;
  return (
    <FlowShell state={state} step="questions">
      <Card className={styles.flowCard}>
        {many && (
          <Typography.Text type="secondary">
            第 {current.index + 1} / {state.parts.length} 个量表
          </Typography.Text>
        )}
        <Typography.Title level={3} style={{ marginTop: 4 }}>
          {current.name}
          <Typography.Text type="secondary" style={{ fontSize: 16, fontWeight: 'normal', marginLeft: 8 }}>
            {current.shortName}
          </Typography.Text>
        </Typography.Title>
        <Typography.Title level={5}>量表说明</Typography.Title>
        <Typography.Paragraph className={styles.prose}>{current.instructions}</Typography.Paragraph>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 3 }}
          items={[
            {
              key: 't',
              label: (
                <span>
                  <ClockCircleOutlined /> 评估时段
                </span>
              ),
              children: current.timeframe || '—',
            },
            {
              key: 'n',
              label: (
                <span>
                  <FileTextOutlined /> 题目数量
                </span>
              ),
              children: `${current.items.length} 题`,
            },
            {
              key: 's',
              label: (
                <span>
                  <SaveOutlined /> 作答保存
                </span>
              ),
              children: '每题自动保存',
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          请根据{current.timeframe || '最近'}的真实感受作答，答案没有对错之分，凭第一感觉选择即可。
        </Typography.Paragraph>
        <div className={styles.actions}>
          <Button
            type="primary"
            size="large"
            onClick={() => navigate(withAid(flowPaths.question, state.id, current.index))}
          >
            {started ? '继续答题' : '开始答题'}
          </Button>
        </div>
      </Card>
    </FlowShell>
  );
}
