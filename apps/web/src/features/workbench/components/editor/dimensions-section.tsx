import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Radio, Select, Switch, Typography } from 'antd';
import { BandsEditor } from './bands-editor';
import { DecimalsInput } from './decimals-input';
import { emptyBand, nextKey, type DimensionInput, type EditorState } from './editor-state';
import styles from './editor.module.css';
import { SectionNote } from './section-note';

interface Props {
  state: EditorState;
  onChange: (fn: (s: EditorState) => EditorState) => void;
}

/** Dimensions (因子): a named group of items scored by sum or mean, optionally with bands. */
export function DimensionsSection({ state, onChange }: Props) {
  const dims = state.def.dimensions ?? [];
  const itemOptions = state.def.items.map((it) => ({ value: it.number, label: `第${it.number}题` }));
  const setDims = (next: DimensionInput[]) =>
    onChange((s) => ({ ...s, def: { ...s.def, dimensions: next } }));
  const setDim = (i: number, patch: Partial<DimensionInput>) =>
    setDims(dims.map((d, j) => (j === i ? { ...d, ...patch } : d)));

  return (
    <div>
      <SectionNote text="维度（因子）把若干题目归为一组单独计分，如 SCL-90 的“躯体化”。没有维度的量表可以跳过这一步。" />
      {dims.length === 0 && <Empty description="还没有维度" />}
      {dims.map((d, i) => (
        <div key={d.key} className={styles.row}>
          <div className={styles.rowHead}>
            <span className={styles.num}>{i + 1}</span>
            <Input
              className={styles.grow}
              style={{ maxWidth: 280 }}
              value={d.name}
              maxLength={30}
              placeholder="维度名称，如：躯体化"
              aria-label="维度名称"
              onChange={(e) => setDim(i, { name: e.target.value })}
            />
            <span className={styles.key}>{d.key}</span>
            <span style={{ flex: 1 }} />
            <Button
              icon={<DeleteOutlined />}
              aria-label="删除维度"
              onClick={() => setDims(dims.filter((_, j) => j !== i))}
            />
          </div>
          <Select
            mode="multiple"
            value={d.items}
            options={itemOptions}
            placeholder="选择属于这个维度的题目"
            style={{ width: '100%', marginBottom: 8 }}
            aria-label="维度题目"
            onChange={(items: number[]) => setDim(i, { items: [...items].sort((a, b) => a - b) })}
          />
          <div className={styles.inline}>
            <Radio.Group
              value={d.aggregate}
              optionType="button"
              size="small"
              options={[
                { value: 'sum', label: '求和' },
                { value: 'mean', label: '求平均' },
              ]}
              onChange={(e) => setDim(i, { aggregate: e.target.value as 'sum' | 'mean' })}
            />
            <DecimalsInput
              before="保留"
              value={d.decimals ?? 2}
              onChange={(v) => setDim(i, { decimals: v ?? 2 })}
            />
            <span>
              <Switch
                size="small"
                checked={!!d.bands}
                onChange={(on) => setDim(i, { bands: on ? [{ ...emptyBand }] : undefined })}
              />{' '}
              分级表
            </span>
          </div>
          {d.bands && (
            <div style={{ marginTop: 10 }}>
              <BandsEditor bands={d.bands} onChange={(bands) => setDim(i, { bands })} />
            </div>
          )}
        </div>
      ))}
      <div className={styles.inline}>
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          disabled={dims.length >= 50}
          onClick={() =>
            setDims([
              ...dims,
              { key: nextKey('dim', dims), name: '', items: [], aggregate: 'sum', decimals: 2 },
            ])
          }
        >
          添加维度
        </Button>
        {dims.length > 1 && (
          <span>
            <Typography.Text type="secondary">题目归属：</Typography.Text>
            <Select
              size="small"
              value={state.def.dimensionRule ?? 'free'}
              style={{ width: 200 }}
              options={[
                { value: 'free', label: '一道题可属于多个维度' },
                { value: 'disjoint', label: '每道题最多属于一个维度' },
                { value: 'partition', label: '每道题恰好属于一个维度' },
              ]}
              onChange={(v: 'free' | 'disjoint' | 'partition') =>
                onChange((s) => ({ ...s, def: { ...s.def, dimensionRule: v } }))
              }
            />
          </span>
        )}
      </div>
    </div>
  );
}
