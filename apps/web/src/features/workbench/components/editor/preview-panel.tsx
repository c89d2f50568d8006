import { ReloadOutlined } from '@ant-design/icons';
import { scoreDraft, type ScaleDefinitionInput } from '@psy/contracts';
import { Alert, Button, Card, Empty, Radio, Select, Space, Tag, Typography } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { DimensionBars } from '../dimension-bars';
import { WarningLevelTag } from '../../../../components/status-tags';
import { optionsOfItem } from './editor-state';
import styles from './editor.module.css';

type Gender = 'male' | 'female';
type Item = ScaleDefinitionInput['items'][number];

const shownFor = (item: Item, gender: Gender | undefined) =>
  !item.showIf || (item.showIf.field === 'gender' && item.showIf.equals === gender);

interface Props {
  /** The definition as it stands in the editor, saved or not. */
  def: ScaleDefinitionInput;
}

/**
 * 计分预览: pick an answer for each item and see what the scoring engine makes of it. The
 * engine is the one assessments are scored with on the server (shared through the contracts
 * package), run here in the browser on the definition being edited, so every change to an
 * option, a rule or a band shows at once, before anything is saved.
 */
export function PreviewPanel({ def: live }: Props) {
  // Typing stays responsive on a long scale: the preview may lag a keystroke behind.
  const def = useDeferredValue(live);
  const [positions, setPositions] = useState<Record<number, number>>({});
  const [gender, setGender] = useState<Gender | undefined>(undefined);
  const byGender = def.items.some((i) => i.showIf?.field === 'gender');
  const shown = (item: Item) => shownFor(item, gender);
  const answers = useMemo(
    () =>
      def.items.map((item) => {
        if (!shownFor(item, gender)) return null;
        const count = optionsOfItem(def, item).length;
        return Math.min(positions[item.number] ?? 1, Math.max(count, 1));
      }),
    [def, positions, gender],
  );
  const scored = useMemo(
    () => scoreDraft(def, answers, gender ? { gender } : undefined),
    [def, answers, gender],
  );
  const data = scored.ok ? scored.result : null;

  const fill = (pick: (count: number) => number) =>
    setPositions(Object.fromEntries(def.items.map((it) => [it.number, pick(optionsOfItem(def, it).length)])));

  const scoreName = (key: string) => def.scores.find((s) => s.key === key)?.name ?? key;

  return (
    <Card
      title="计分预览"
      size="small"
      aria-label="计分预览"
      extra={<Typography.Text type="secondary">随编辑实时计分</Typography.Text>}
      styles={{ body: { paddingTop: 12 } }}
    >
      <section aria-label="预览结果" data-testid="preview-result">
        {!scored.ok ? (
          <Alert type="warning" showIcon title="暂时无法计分" description={scored.message} />
        ) : data ? (
          <>
            <div className={styles.stats}>
              <div className={styles.stat}>
                <div className={styles.statLabel}>原始分（{scoreName(def.report.raw)}）</div>
                <div className={styles.statValue} data-testid="preview-raw">
                  {data.rawScore}
                </div>
              </div>
              {data.standardScore !== null && (
                <div className={styles.stat}>
                  <div className={styles.statLabel}>标准分</div>
                  <div className={styles.statValue}>{data.standardScore}</div>
                </div>
              )}
              <div className={styles.stat}>
                <div className={styles.statLabel}>结论</div>
                <div
                  className={styles.statValue}
                  style={{ fontSize: 18, lineHeight: '36px' }}
                  data-testid="preview-band"
                >
                  {data.band?.label ?? '—'}
                </div>
              </div>
            </div>
            <Space wrap style={{ marginBottom: 8 }}>
              <Tag color={data.positive ? 'red' : 'green'}>{data.positive ? '筛查阳性' : '筛查阴性'}</Tag>
              {data.alerts.length === 0 && <Tag>无预警</Tag>}
              {data.alerts.map((a, i) => (
                <span key={i}>
                  <WarningLevelTag level={a.level} suffix="危预警" />
                  {a.reason}
                  {a.crisis && (
                    <Tag color="red" style={{ marginLeft: 4 }}>
                      危机干预
                    </Tag>
                  )}
                </span>
              ))}
            </Space>
            {data.band && (
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                {data.band.interpretation} {data.band.advice}
              </Typography.Paragraph>
            )}
            {data.dimensions.length > 0 && (
              <div style={{ marginBottom: 8 }}>
                <DimensionBars dimensions={data.dimensions} />
              </div>
            )}
            {Object.keys(data.indices).length > 0 && (
              <Typography.Paragraph style={{ marginBottom: 8 }}>
                {Object.entries(data.indices).map(([k, v]) => (
                  <Tag key={k}>
                    {scoreName(k)}：{v}
                  </Tag>
                ))}
              </Typography.Paragraph>
            )}
            {data.notes.map((n) => (
              <Alert key={n} type="info" title={n} style={{ marginBottom: 8 }} />
            ))}
          </>
        ) : null}
      </section>

      <Space wrap style={{ margin: '12px 0 8px' }}>
        <Button size="small" onClick={() => fill(() => 1)}>
          全选第一项
        </Button>
        <Button size="small" onClick={() => fill((n) => n)}>
          全选最后一项
        </Button>
        <Button
          size="small"
          icon={<ReloadOutlined />}
          onClick={() => fill((n) => 1 + Math.floor(Math.random() * n))}
        >
          随机
        </Button>
        {byGender && (
          <Select<Gender | undefined>
            size="small"
            allowClear
            placeholder="性别（未填）"
            value={gender}
            style={{ width: 120 }}
            options={[
              { value: 'female', label: '女' },
              { value: 'male', label: '男' },
            ]}
            onChange={(g) => setGender(g)}
          />
        )}
      </Space>
      {def.items.length === 0 ? (
        <Empty description="还没有题目" />
      ) : (
        <div className={styles.previewItems}>
          {def.items.map((item, i) =>
            shown(item) ? (
              <div
                key={item.number}
                className={styles.previewItem}
                data-testid={`preview-item-${item.number}`}
              >
                <div style={{ marginBottom: 4 }}>
                  {item.number}. {item.text}
                  {item.reverse && <Tag style={{ marginLeft: 6 }}>反向</Tag>}
                </div>
                <Radio.Group
                  size="small"
                  optionType="button"
                  value={answers[i]}
                  options={optionsOfItem(def, item).map((o, k) => ({ value: k + 1, label: o.label }))}
                  onChange={(e) => setPositions((p) => ({ ...p, [item.number]: e.target.value as number }))}
                />
              </div>
            ) : (
              <div key={item.number} className={styles.previewItem}>
                <Typography.Text type="secondary">
                  {item.number}. {item.text}（当前条件下不显示、不计分）
                </Typography.Text>
              </div>
            ),
          )}
        </div>
      )}
    </Card>
  );
}
