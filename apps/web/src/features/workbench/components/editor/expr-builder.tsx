import {
  scaleComparators,
  scaleComparatorSymbols,
  type ScaleComparator,
  type ScaleExpr,
  type ScaleRounding,
} from '@psy/contracts';
import { InputNumber, Select, Typography } from 'antd';
import { describeExpr, namesOf } from '../describe';
import { DecimalsInput } from './decimals-input';
import type { Def } from './editor-state';
import styles from './editor.module.css';

/**
 * The common score formulas as a form: sum or mean of items, count of items, sum or mean of
 * dimensions, another score times a factor with rounding. Anything else was written in the
 * JSON view and is shown as text.
 */
type Kind =
  'sumItems' | 'meanItems' | 'countItems' | 'sumDimensions' | 'meanDimensions' | 'multiply' | 'advanced';

function kindOf(e: ScaleExpr): Kind {
  switch (e.op) {
    case 'sumItems':
    case 'meanItems':
    case 'countItems':
    case 'sumDimensions':
    case 'meanDimensions':
      return e.op;
    case 'multiply':
      return e.of.op === 'score' ? 'multiply' : 'advanced';
    default:
      return 'advanced';
  }
}

const roundingOptions: { value: ScaleRounding['mode']; label: string }[] = [
  { value: 'truncate', label: '截断（只取整数部分）' },
  { value: 'round', label: '四舍五入' },
  { value: 'floor', label: '向下取整' },
  { value: 'ceil', label: '向上取整' },
  { value: 'none', label: '不取整' },
];

interface Props {
  def: Def;
  scoreKey: string;
  expr: ScaleExpr;
  onChange: (e: ScaleExpr) => void;
}

export function ExprBuilder({ def, scoreKey, expr, onChange }: Props) {
  const kind = kindOf(expr);
  const dims = def.dimensions ?? [];
  const otherScores = def.scores.filter((s) => s.key !== scoreKey);
  const itemOptions = def.items.map((it) => ({ value: it.number, label: `第${it.number}题` }));
  const dimOptions = dims.map((d) => ({ value: d.key, label: d.name || d.key }));

  const change = (k: Kind) => {
    if (k === 'advanced') return;
    if (k === 'countItems') onChange({ op: 'countItems', cmp: 'gte', value: 2 });
    else if (k === 'multiply')
      onChange({
        op: 'multiply',
        of: { op: 'score', key: otherScores[0]!.key },
        factor: 1.25,
        rounding: { mode: 'truncate', decimals: 0 },
      });
    else onChange({ op: k });
  };

  const itemsPicker = (e: Extract<ScaleExpr, { op: 'sumItems' | 'meanItems' | 'countItems' }>) => (
    <Select
      mode="multiple"
      allowClear
      value={e.items ?? []}
      options={itemOptions}
      placeholder="全部题目（也可只选部分题目）"
      style={{ flex: 1, minWidth: 220 }}
      aria-label="计分题目"
      onChange={(items: number[]) =>
        onChange({ ...e, items: items.length ? [...items].sort((a, b) => a - b) : undefined })
      }
    />
  );

  return (
    <div>
      <div className={styles.inline}>
        <Select<Kind>
          value={kind}
          style={{ width: 190 }}
          aria-label="计算方式"
          onChange={change}
          options={[
            { value: 'sumItems', label: '题目得分求和' },
            { value: 'meanItems', label: '题目得分求平均' },
            { value: 'countItems', label: '统计满足条件的题数' },
            { value: 'sumDimensions', label: '维度得分求和', disabled: dims.length === 0 },
            { value: 'meanDimensions', label: '维度得分求平均', disabled: dims.length === 0 },
            { value: 'multiply', label: '另一分数乘以系数', disabled: otherScores.length === 0 },
            ...(kind === 'advanced'
              ? [{ value: 'advanced' as const, label: '自定义（JSON）', disabled: true }]
              : []),
          ]}
        />
        {(expr.op === 'sumItems' || expr.op === 'meanItems') && itemsPicker(expr)}
        {expr.op === 'countItems' && (
          <>
            {itemsPicker(expr)}
            <span>
              得分
              <Select<ScaleComparator>
                value={expr.cmp}
                size="small"
                style={{ width: 64, margin: '0 4px' }}
                options={scaleComparators.map((c) => ({ value: c, label: scaleComparatorSymbols[c] }))}
                onChange={(cmp) => onChange({ ...expr, cmp })}
              />
              <InputNumber
                size="small"
                value={expr.value}
                style={{ width: 72 }}
                onChange={(v) => onChange({ ...expr, value: v ?? 0 })}
              />
            </span>
          </>
        )}
        {(expr.op === 'sumDimensions' || expr.op === 'meanDimensions') && (
          <Select
            mode="multiple"
            allowClear
            value={expr.dimensions ?? []}
            options={dimOptions}
            placeholder="全部维度（也可只选部分维度）"
            style={{ flex: 1, minWidth: 220 }}
            onChange={(keys: string[]) => onChange({ ...expr, dimensions: keys.length ? keys : undefined })}
          />
        )}
        {kind === 'multiply' && expr.op === 'multiply' && expr.of.op === 'score' && (
          <>
            <Select
              value={expr.of.key}
              style={{ width: 140 }}
              aria-label="基础分数"
              options={otherScores.map((s) => ({ value: s.key, label: s.name || s.key }))}
              onChange={(key: string) => onChange({ ...expr, of: { op: 'score', key } })}
            />
            <span>×</span>
            <InputNumber
              value={expr.factor}
              style={{ width: 90 }}
              aria-label="系数"
              onChange={(v) => onChange({ ...expr, factor: v ?? 1 })}
            />
            <Select<ScaleRounding['mode']>
              value={expr.rounding.mode}
              style={{ width: 190 }}
              aria-label="取整方式"
              options={roundingOptions}
              onChange={(mode) => onChange({ ...expr, rounding: { ...expr.rounding, mode } })}
            />
            {expr.rounding.mode !== 'none' && (
              <DecimalsInput
                before="到"
                value={expr.rounding.decimals}
                onChange={(v) => onChange({ ...expr, rounding: { ...expr.rounding, decimals: v ?? 0 } })}
              />
            )}
          </>
        )}
      </div>
      <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
        = {describeExpr(expr, namesOf(def))}
        {kind === 'advanced' && '（复杂计算式请在“JSON”页修改）'}
      </Typography.Paragraph>
    </div>
  );
}
