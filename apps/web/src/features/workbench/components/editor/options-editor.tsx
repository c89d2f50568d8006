import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ScaleOption } from '@psy/contracts';
import { Button, Input, InputNumber } from 'antd';
import styles from './editor.module.css';

/** Option rows (text and score value) in the order the respondent sees them. */
export function OptionsEditor({
  options,
  onChange,
}: {
  options: ScaleOption[];
  onChange: (o: ScaleOption[]) => void;
}) {
  const set = (i: number, patch: Partial<ScaleOption>) =>
    onChange(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <div>
      {options.map((o, i) => (
        <div key={i} className={styles.optionRow}>
          <Input
            value={o.label}
            maxLength={100}
            prefix={<span className={styles.key}>{i + 1}.</span>}
            placeholder="选项文字"
            aria-label={`选项${i + 1}文字`}
            onChange={(e) => set(i, { label: e.target.value })}
          />
          <InputNumber
            value={o.value}
            aria-label={`选项${i + 1}分值`}
            placeholder="分值"
            style={{ width: '100%' }}
            onChange={(v) => set(i, { value: v ?? 0 })}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label="删除选项"
            disabled={options.length <= 2}
            onClick={() => onChange(options.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        disabled={options.length >= 11}
        onClick={() => {
          const last = options.at(-1)?.value ?? -1;
          onChange([...options, { label: '', value: last + 1 }]);
        }}
      >
        添加选项
      </Button>
    </div>
  );
}
