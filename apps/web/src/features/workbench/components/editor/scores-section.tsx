import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, Row, Select, Switch } from 'antd';
import { BandsEditor } from './bands-editor';
import { DecimalsInput } from './decimals-input';
import { emptyBand, nextKey, type EditorState, type ScoreInput } from './editor-state';
import styles from './editor.module.css';
import { ExprBuilder } from './expr-builder';
import { SectionNote } from './section-note';

interface Props {
  state: EditorState;
  onChange: (fn: (s: EditorState) => EditorState) => void;
}

/** Scores, their band tables, and which score the report shows as raw, standard and main band. */
export function ScoresSection({ state, onChange }: Props) {
  const { def } = state;
  const scores = def.scores;
  const setDef = (patch: Partial<EditorState['def']>) =>
    onChange((s) => ({ ...s, def: { ...s.def, ...patch } }));
  const setScore = (i: number, patch: Partial<ScoreInput>) =>
    onChange((s) => {
      const next = s.def.scores.map((x, j) => (j === i ? { ...x, ...patch } : x));
      let report = s.def.report;
      // The first band table on the raw score is what authors mean as the result.
      if (patch.bands && !report.band && next[i]!.key === report.raw)
        report = { ...report, band: next[i]!.key };
      if (patch.bands === undefined && 'bands' in patch && report.band === next[i]!.key)
        report = { ...report, band: undefined };
      return { ...s, def: { ...s.def, scores: next, report } };
    });
  const scoreOptions = scores.map((s) => ({ value: s.key, label: s.name || s.key }));

  return (
    <div>
      {scores.map((score, i) => (
        <div key={score.key} className={styles.row}>
          <div className={styles.rowHead}>
            <span className={styles.num}>{i + 1}</span>
            <Input
              style={{ maxWidth: 220 }}
              value={score.name}
              maxLength={30}
              placeholder="分数名称，如：总分"
              aria-label="分数名称"
              onChange={(e) => setScore(i, { name: e.target.value })}
            />
            <span className={styles.key}>{score.key}</span>
            <span style={{ flex: 1 }} />
            <Button
              icon={<DeleteOutlined />}
              aria-label="删除分数"
              disabled={scores.length <= 1 || score.key === def.report.raw}
              title={score.key === def.report.raw ? '原始分不能删除，请先在下方换一个原始分' : undefined}
              onClick={() => setDef({ scores: scores.filter((_, j) => j !== i) })}
            />
          </div>
          <ExprBuilder
            def={def}
            scoreKey={score.key}
            expr={score.expr}
            onChange={(expr) => setScore(i, { expr })}
          />
          <div className={styles.inline} style={{ marginTop: 8 }}>
            <DecimalsInput
              before="报告保留"
              value={score.decimals ?? 2}
              onChange={(v) => setScore(i, { decimals: v ?? 2 })}
            />
            <span>
              <Switch
                size="small"
                checked={!!score.bands}
                aria-label="分级表"
                onChange={(on) => setScore(i, { bands: on ? [{ ...emptyBand }] : undefined })}
              />{' '}
              分级表（按分数区间给出结果解释）
            </span>
          </div>
          {score.bands && (
            <div style={{ marginTop: 10 }}>
              <BandsEditor bands={score.bands} onChange={(bands) => setScore(i, { bands })} />
            </div>
          )}
        </div>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={scores.length >= 50}
        style={{ marginBottom: 16 }}
        onClick={() =>
          setDef({
            scores: [
              ...scores,
              { key: nextKey('score', scores), name: '', expr: { op: 'sumItems' }, decimals: 2 },
            ],
          })
        }
      >
        添加分数
      </Button>

      <SectionNote text="报告设置：决定结果页展示哪个分数、按哪张分级表给出结论。" />
      <Form layout="vertical" component="div">
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item label="原始分" required>
              <Select
                value={def.report.raw}
                options={scoreOptions}
                onChange={(raw: string) => setDef({ report: { ...def.report, raw } })}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="标准分">
              <Select
                allowClear
                placeholder="无"
                value={def.report.standard}
                options={scoreOptions}
                onChange={(standard?: string) => setDef({ report: { ...def.report, standard } })}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="主分级" tooltip="按这个分数的分级表得出测评结论">
              <Select
                allowClear
                placeholder="无"
                value={def.report.band}
                options={scores.filter((s) => s.bands).map((s) => ({ value: s.key, label: s.name || s.key }))}
                onChange={(band?: string) => setDef({ report: { ...def.report, band } })}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="附加指标">
              <Select
                mode="multiple"
                placeholder="无"
                value={def.report.indices ?? []}
                options={scoreOptions}
                onChange={(indices: string[]) => setDef({ report: { ...def.report, indices } })}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </div>
  );
}
