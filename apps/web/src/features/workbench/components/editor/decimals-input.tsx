import { InputNumber } from 'antd';

/** 「<before> [n] 位小数」: how many decimal places (0 to 4), a small number box between the words. */
export function DecimalsInput({
  before,
  value,
  onChange,
}: {
  before: string;
  value: number;
  onChange: (places: number | null) => void;
}) {
  return (
    <span>
      {before}
      <InputNumber
        size="small"
        min={0}
        max={4}
        precision={0}
        value={value}
        style={{ width: 56, margin: '0 4px' }}
        onChange={onChange}
      />
      位小数
    </span>
  );
}
