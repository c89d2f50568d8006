import { ReloadOutlined } from '@ant-design/icons';
import type { ScaleDefinitionInput } from '@psy/contracts';
import { Alert, Button, Card, Empty, Radio, Select, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../../lib/api';
import { usePreviewScore } from '../../api/scales';
import { DimensionBars } from '../dimension-bars';
import { WarningLevelTag } from '../../../../components/status-tags';
import { optionsOfItem } from './editor-state';
import styles from './editor.module.css';

type Gender = 'male' | 'female';

interface Props {
  code: string;
  /** The saved draft: the server scores that, so the answers must fit it. */
  def: ScaleDefinitionInput;
  revision: number;
  /** Local edits not saved yet: the preview still scores the saved version. */
  unsaved?: boolean;
}

/**
 * 计分预览: pick an answer for each item and see what the server's engine makes of it, with
 * the same rules an assessment is scored by.
 */
export function PreviewPanel({ code, def, revision, unsaved }: Props) {
  const [positions, setPositions] = useState<Record<number, number>>({});
  const [gender, setGender] = useState<Gender | undefined>(undefined);
  const byGender = def.items.some((i) => i.showIf?.field === 'gender');
  const shown = (item: ScaleDefinitionInput['items'][number]) =>
    !item.showIf || (item.showIf.field === 'gender' && item.showIf.equals === gender);
  const answers = def.items.map((item) => {
    if (!shown(item)) return null;
    const count = optionsOfItem(def, item).length;
    return Math.min(positions[item.number] ?? 1, Math.max(count, 1));
  });
  const { data, error, isFetching, isPending } = usePreviewScore({ code, revision, answers, gender });

  const fill = (pick: (count: number) => number) =>
    setPositions(Object.fromEntries(def.items.map((it) => [it.number, pick(optionsOfItem(def, it).length)])));

  const scoreName = (key: string) => def.scores.find((s) => s.key === key)?.name ?? key;

  return (
    <Card
      title="计分预览"
      size="small"
      aria-label="计分预览"
      extra={isFetching ? <Spin size="small" /> : null}
      styles={{ body: { paddingTop: 12 } }}
    >
      {unsaved && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="有未保存的修改，预览仍按上次保存的版本计分"
        />
      )}
      <section aria-label="预览结果" data-testid="preview-result">
        {error ? (
          <Alert
            type="error"
            showIcon
            title={error instanceof ApiError ? error.message : '预览失败，请稍后重试'}
          />
        ) : isPending ? (
          <Spin />
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
