import { CheckCircleFilled, LeftOutlined, LoadingOutlined, RightOutlined } from '@ant-design/icons';
import type { AssessmentState, TakingPart } from '@psy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Grid, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Paragraph } from '../../../components/heading';
import { toast } from '../../../lib/toast';
import { assessmentQuery, useSaveAnswer, useSubmitPart } from '../api/taking';
import { AnswerSheet } from '../components/answer-sheet';
import { answeredCount, currentPart, idParam, nextPath } from '../components/flow';
import { FlowShell, WithAssessment } from '../components/flow-shell';
import { useElapsed } from '../components/use-elapsed';
import styles from '../components/assessments.module.css';

/** How long a chosen answer stays in view before the next question slides in. */
const ADVANCE_MS = 300;

/** 答题 (/test/question?aid=&part=): one question at a time, every answer saved as it is given. */
export function Component() {
  const [params] = useSearchParams();
  const aid = idParam(params.get('aid'));
  const part = params.get('part');
  return <WithAssessment aid={aid}>{(s) => <QuestionGate state={s} partParam={part} />}</WithAssessment>;
}

/**
 * Only the scale whose turn it is can be answered. Submitting a scale changes the state, and
 * this same check then moves on: to the next scale's instructions, or to the result.
 */
function QuestionGate({ state, partParam }: { state: AssessmentState; partParam: string | null }) {
  const current = currentPart(state);
  if (state.next !== 'questions' || !current || (partParam !== null && Number(partParam) !== current.index)) {
    return <Navigate to={nextPath(state)} replace />;
  }
  return <Runner key={`${state.id}-${current.index}`} state={state} part={current} />;
}

const firstOpen = (p: TakingPart) => p.items.findIndex((i) => p.answers[String(i.number)] == null);

function Runner({ state, part }: { state: AssessmentState; part: TakingPart }) {
  const qc = useQueryClient();
  const screens = Grid.useBreakpoint();
  const items = part.items;
  const total = items.length;
  // Resuming starts at the first question still open.
  const [index, setIndex] = useState(() => {
    const open = firstOpen(part);
    return open === -1 ? total - 1 : open;
  });
  const save = useSaveAnswer(state.id);
  const submit = useSubmitPart(state.id);
  const elapsed = useElapsed(state.id, part.index);
  const advance = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef(new Set<Promise<unknown>>());
  useEffect(() => () => clearTimeout(advance.current), []);

  const item = items[index]!;
  const chosen = part.answers[String(item.number)] ?? null;
  const answered = answeredCount(part);
  const isLast = index === total - 1;

  const goTo = (i: number) => {
    clearTimeout(advance.current);
    setIndex(Math.max(0, Math.min(total - 1, i)));
  };

  const choose = (position: number) => {
    const at = index;
    const saving = save.mutateAsync({ part: part.index, item: item.number, position }).catch(() => undefined);
    inFlight.current.add(saving);
    void saving.finally(() => inFlight.current.delete(saving));
    clearTimeout(advance.current);
    if (at < total - 1) {
      // Only if the respondent has not moved elsewhere meanwhile.
      advance.current = setTimeout(() => setIndex((cur) => (cur === at ? at + 1 : cur)), ADVANCE_MS);
    }
  };

  const trySubmit = async () => {
    // An answer given a moment ago must reach the server before the scale is scored.
    await Promise.all([...inFlight.current]);
    const latest =
      qc.getQueryData(assessmentQuery(state.id).queryKey)?.parts.find((p) => p.index === part.index) ?? part;
    const open = firstOpen(latest);
    if (open !== -1) {
      toast.warning(`第 ${open + 1} 题还没有作答，请答完所有题目再提交`);
      goTo(open);
      return;
    }
    submit.mutate(
      { part: part.index, durationSeconds: elapsed.seconds() },
      {
        onSuccess: () => elapsed.clear(),
        onError: () => {
          // The server named what is missing; show the first open question from the fresh state.
          const fresh = qc
            .getQueryData(assessmentQuery(state.id).queryKey)
            ?.parts.find((p) => p.index === part.index);
          const missing = fresh ? firstOpen(fresh) : -1;
          if (missing !== -1) goTo(missing);
        },
      },
    );
  };

  // Keyboard: 1-9 choose, ← → move, Enter goes on once answered.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.isComposing) return;
      const target = e.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      const n = Number(e.key);
      if (Number.isInteger(n) && n >= 1 && n <= item.options.length) choose(n);
      else if (e.key === 'ArrowLeft') goTo(index - 1);
      else if ((e.key === 'ArrowRight' || e.key === 'Enter') && chosen !== null && !isLast) goTo(index + 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const many = state.parts.length > 1;
  const savedNote = save.isPending ? (
    <>
      <LoadingOutlined /> 正在保存…
    </>
  ) : save.isError ? (
    <span className={styles.saveFailed}>上一次选择未能保存，请重新选择</span>
  ) : answered > 0 ? (
    <>
      <CheckCircleFilled style={{ color: '#52c41a' }} /> 答案已自动保存
    </>
  ) : null;

  return (
    <FlowShell state={state} step="questions" hideStepsOnPhone>
      <Card className={styles.flowCard} styles={{ body: { padding: screens.sm === false ? 16 : 28 } }}>
        <div className={styles.qHead}>
          <span className={styles.qCount} aria-live="polite">
            第 <strong>{index + 1}</strong>/{total} 题
          </span>
          <span className="text-secondary">
            {part.shortName}
            {many && ` · 第 ${part.index + 1}/${state.parts.length} 个量表`}
          </span>
        </div>
        <Progress
          percent={Math.round((answered / total) * 100)}
          showInfo={false}
          strokeColor="#13a8a8"
          aria-label={`已答 ${answered}/${total} 题`}
        />
        <div className={styles.qPrompt}>{part.instructions}</div>
        <div key={item.number} className={styles.qBody}>
          <div className={styles.qText} id={`q-${item.number}`}>
            {item.text}
          </div>
          {item.image && <img className={styles.qImage} src={item.image} alt="" />}
          <div className={styles.options} role="radiogroup" aria-labelledby={`q-${item.number}`}>
            {item.options.map((o) => (
              <button
                key={o.position}
                type="button"
                role="radio"
                aria-checked={chosen === o.position}
                className={`${styles.option} ${chosen === o.position ? styles.optionChosen : ''}`}
                onClick={() => choose(o.position)}
              >
                <span className={styles.optionKey} aria-hidden>
                  {o.position}
                </span>
                <span>{o.label}</span>
              </button>
            ))}
          </div>
        </div>
        {isLast && answered === total && (
          <Alert
            style={{ marginTop: 20 }}
            type="success"
            showIcon
            title="全部题目已作答"
            description="确认无误后提交，提交后答案不能再修改。"
          />
        )}
        <div className={styles.qNav}>
          <Button icon={<LeftOutlined />} size="large" disabled={index === 0} onClick={() => goTo(index - 1)}>
            上一题
          </Button>
          <span className={styles.saved}>{savedNote}</span>
          {isLast ? (
            <Button type="primary" size="large" loading={submit.isPending} onClick={() => void trySubmit()}>
              {many && part.index < state.parts.length - 1 ? '提交，进入下一个量表' : '提交答案'}
            </Button>
          ) : (
            <Button size="large" disabled={chosen === null} onClick={() => goTo(index + 1)}>
              下一题 <RightOutlined />
            </Button>
          )}
        </div>
      </Card>
      <Card
        size="small"
        className={styles.flowCard}
        style={{ marginTop: 16 }}
        title={`答题卡（已答 ${answered}/${total}）`}
      >
        <AnswerSheet part={part} current={index} onJump={goTo} />
        {screens.md && (
          <Paragraph secondary style={{ fontSize: 12, margin: '12px 0 0' }}>
            小提示：可用数字键 1–{item.options.length} 选择答案，← → 键切换题目。
          </Paragraph>
        )}
      </Card>
    </FlowShell>
  );
}
