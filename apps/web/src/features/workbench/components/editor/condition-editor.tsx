import {
  scaleComparators,
  scaleComparatorSymbols,
  type ScaleComparator,
  type ScaleConditionInput,
} from '@psy/contracts';
import { InputNumber, Select } from 'antd';
import type { Def } from './editor-state';
import styles from './editor.module.css';

type On = ScaleConditionInput['on'];

/** A default condition of each kind, pointing at the first thing of that kind. */
export function conditionOf(on: On, def: Def): ScaleConditionInput {
  const dims = def.dimensions ?? [];
  switch (on) {
    case 'item':
      return { on, item: def.items.length, cmp: 'gte', value: 1 };
    case 'score':
      return { on, score: def.report.raw, cmp: 'gte', value: 10 };
    case 'dimension':
      return { on, dimension: dims[0]?.key ?? '', cmp: 'gte', value: 2 };
    case 'anyDimension':
      return { on, cmp: 'gte', value: 2 };
  }
}

/** "第9题得分 ≥ 1", "总分 ≥ 15", "维度 … ≥ 3" as three small inputs. */
export function ConditionEditor({
  def,
  value,
  onChange,
}: {
  def: Def;
  value: ScaleConditionInput;
  onChange: (c: ScaleConditionInput) => void;
}) {
  const dims = def.dimensions ?? [];
  return (
    <div className={styles.inline}>
      <Select<On>
        value={value.on}
        style={{ width: 120 }}
        aria-label="条件类型"
        options={[
          { value: 'item', label: '题目得分' },
          { value: 'score', label: '分数' },
          { value: 'dimension', label: '维度得分', disabled: dims.length === 0 },
          { value: 'anyDimension', label: '任一维度', disabled: dims.length === 0 },
        ]}
        onChange={(on) => onChange(conditionOf(on, def))}
      />
      {value.on === 'item' && (
        <Select<number>
          value={value.item}
          style={{ width: 100 }}
          aria-label="题目"
          showSearch={{ optionFilterProp: 'label' }}
          options={def.items.map((it) => ({ value: it.number, label: `第${it.number}题` }))}
          onChange={(item) => onChange({ ...value, item })}
        />
      )}
      {value.on === 'score' && (
        <Select<string>
          value={value.score}
          style={{ width: 120 }}
          aria-label="分数"
          options={def.scores.map((s) => ({ value: s.key, label: s.name || s.key }))}
          onChange={(score) => onChange({ ...value, score })}
        />
      )}
      {value.on === 'dimension' && (
        <Select<string>
          value={value.dimension}
          style={{ width: 120 }}
          aria-label="维度"
          options={dims.map((d) => ({ value: d.key, label: d.name || d.key }))}
          onChange={(dimension) => onChange({ ...value, dimension })}
        />
      )}
      <Select<ScaleComparator>
        value={value.cmp}
        style={{ width: 64 }}
        aria-label="比较"
        options={scaleComparators.map((c) => ({ value: c, label: scaleComparatorSymbols[c] }))}
        onChange={(cmp) => onChange({ ...value, cmp })}
      />
      <InputNumber
        value={value.value}
        style={{ width: 80 }}
        aria-label="阈值"
        onChange={(v) => onChange({ ...value, value: v ?? 0 })}
      />
    </div>
  );
}
