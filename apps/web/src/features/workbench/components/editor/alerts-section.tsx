import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ScaleConditionInput } from '@psy/contracts';
import { Button, Divider, Empty, Input, Select, Switch, Typography } from 'antd';
import { ConditionEditor, conditionOf } from './condition-editor';
import type { AlertInput, EditorState } from './editor-state';
import styles from './editor.module.css';
import { SectionNote } from './section-note';

interface Props {
  state: EditorState;
  onChange: (fn: (s: EditorState) => EditorState) => void;
}

/** Warning rules (who gets alerted, how urgently) and the positive screen. */
export function AlertsSection({ state, onChange }: Props) {
  const { def } = state;
  const alerts = def.alerts ?? [];
  const positive = def.positive?.anyOf ?? [];
  const setAlerts = (next: AlertInput[]) => onChange((s) => ({ ...s, def: { ...s.def, alerts: next } }));
  const setAlert = (i: number, patch: Partial<AlertInput>) =>
    setAlerts(alerts.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  const setPositive = (next: ScaleConditionInput[]) =>
    onChange((s) => ({ ...s, def: { ...s.def, positive: next.length ? { anyOf: next } : undefined } }));

  return (
    <div>
      <SectionNote
        type="warning"
        text="触发预警规则时，系统会为负责专家生成预警；勾选“危机干预”的规则还会立即向用户展示心理援助热线。"
      />
      {alerts.length === 0 && <Empty description="还没有预警规则" />}
      {alerts.map((a, i) => (
        <div key={i} className={styles.row}>
          <div className={styles.rowHead}>
            <span className={styles.num}>{i + 1}</span>
            <Typography.Text className={styles.grow}>当</Typography.Text>
            <Button
              icon={<DeleteOutlined />}
              aria-label="删除预警规则"
              onClick={() => setAlerts(alerts.filter((_, j) => j !== i))}
            />
          </div>
          <ConditionEditor def={def} value={a.when} onChange={(when) => setAlert(i, { when })} />
          <div className={styles.inline} style={{ marginTop: 8 }}>
            <span>产生</span>
            <Select<1 | 2 | 3>
              value={a.level}
              style={{ width: 110 }}
              aria-label="预警等级"
              options={[
                { value: 3, label: '高危预警' },
                { value: 2, label: '中危预警' },
                { value: 1, label: '低危预警' },
              ]}
              onChange={(level) => setAlert(i, { level })}
            />
            <Input
              value={a.reason}
              maxLength={100}
              placeholder="预警原因，如：自伤/自杀意念"
              aria-label="预警原因"
              style={{ flex: 1, minWidth: 180 }}
              onChange={(e) => setAlert(i, { reason: e.target.value })}
            />
            <span>
              <Switch size="small" checked={!!a.crisis} onChange={(crisis) => setAlert(i, { crisis })} />{' '}
              危机干预
            </span>
          </div>
        </div>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={alerts.length >= 50}
        onClick={() =>
          setAlerts([...alerts, { when: conditionOf('score', def), level: 2, reason: '', crisis: false }])
        }
      >
        添加预警规则
      </Button>

      <Divider />
      <Typography.Title level={5}>阳性判定</Typography.Title>
      <Typography.Paragraph type="secondary">
        满足下列任一条件时，结果标记为“阳性”（筛查阳性）；不设条件则永不为阳性。
      </Typography.Paragraph>
      {positive.map((c, i) => (
        <div key={i} className={styles.inline} style={{ marginBottom: 8 }}>
          <ConditionEditor
            def={def}
            value={c}
            onChange={(next) => setPositive(positive.map((x, j) => (j === i ? next : x)))}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label="删除阳性条件"
            onClick={() => setPositive(positive.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => setPositive([...positive, conditionOf('score', def)])}
      >
        添加阳性条件
      </Button>
    </div>
  );
}
