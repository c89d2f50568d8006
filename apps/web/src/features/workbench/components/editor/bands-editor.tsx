import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber } from 'antd';
import type { BandInput } from './editor-state';
import styles from './editor.module.css';

/** Score ranges (both ends inclusive, an empty end is open) with what each range means. */
export function BandsEditor({ bands, onChange }: { bands: BandInput[]; onChange: (b: BandInput[]) => void }) {
  const set = (i: number, patch: Partial<BandInput>) =>
    onChange(bands.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  return (
    <div>
      {bands.map((b, i) => (
        <div key={i} className={styles.band}>
          <div className={styles.bandHead}>
            <InputNumber
              value={b.min}
              placeholder="最低分"
              aria-label="分级最低分"
              style={{ width: '100%' }}
              onChange={(v) => set(i, { min: v ?? undefined })}
            />
            <InputNumber
              value={b.max}
              placeholder="最高分"
              aria-label="分级最高分"
              style={{ width: '100%' }}
              onChange={(v) => set(i, { max: v ?? undefined })}
            />
            <Input
              value={b.label}
              maxLength={30}
              placeholder="分级名称，如：轻度"
              aria-label="分级名称"
              onChange={(e) => set(i, { label: e.target.value })}
            />
            <Button
              icon={<DeleteOutlined />}
              aria-label="删除分级"
              disabled={bands.length <= 1}
              onClick={() => onChange(bands.filter((_, j) => j !== i))}
            />
          </div>
          <Input.TextArea
            value={b.interpretation}
            maxLength={500}
            autoSize={{ minRows: 1, maxRows: 4 }}
            placeholder="结果解释"
            aria-label="结果解释"
            style={{ marginBottom: 8 }}
            onChange={(e) => set(i, { interpretation: e.target.value })}
          />
          <Input.TextArea
            value={b.advice}
            maxLength={500}
            autoSize={{ minRows: 1, maxRows: 4 }}
            placeholder="建议"
            aria-label="建议"
            onChange={(e) => set(i, { advice: e.target.value })}
          />
        </div>
      ))}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        disabled={bands.length >= 20}
        onClick={() => {
          const top = bands.reduce<number | undefined>(
            (m, b) => (b.max !== undefined && (m === undefined || b.max > m) ? b.max : m),
            undefined,
          );
          onChange([
            ...bands,
            { min: top === undefined ? 0 : top + 1, label: '', interpretation: '', advice: '' },
          ]);
        }}
      >
        添加分级
      </Button>
    </div>
  );
}
