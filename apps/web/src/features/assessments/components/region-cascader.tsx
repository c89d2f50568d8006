import { areaList } from '@psy/contracts';
import { Cascader } from 'antd';
import { useMemo } from 'react';

interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

let built: RegionOption[] | null = null;

/**
 * Province > city > county from the six-digit codes: a city shares its province's first two
 * digits, a county its city's first four. Built once, on first use (about 3,500 counties).
 */
function regionOptions(): RegionOption[] {
  if (built) return built;
  const byCity = new Map<string, RegionOption[]>();
  for (const [code, label] of Object.entries(areaList.county_list)) {
    const key = code.slice(0, 4);
    byCity.set(key, [...(byCity.get(key) ?? []), { value: code, label }]);
  }
  const byProvince = new Map<string, RegionOption[]>();
  for (const [code, label] of Object.entries(areaList.city_list)) {
    const counties = byCity.get(code.slice(0, 4));
    if (!counties?.length) continue;
    const key = code.slice(0, 2);
    byProvince.set(key, [...(byProvince.get(key) ?? []), { value: code, label, children: counties }]);
  }
  built = Object.entries(areaList.province_list)
    .map(([code, label]) => ({ value: code, label, children: byProvince.get(code.slice(0, 2)) ?? [] }))
    .filter((p) => p.children.length > 0);
  return built;
}

/** A county code path for a county code: ['110000', '110100', '110101']. */
export function regionCodePath(code: string | null | undefined): string[] | undefined {
  if (!code || !/^\d{6}$/.test(code)) return undefined;
  return [`${code.slice(0, 2)}0000`, `${code.slice(0, 4)}00`, code];
}

interface Props {
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
}

/** The form control for 所在地区: holds the code path; the county code is its last element. */
export function RegionCascader({ value, onChange, id }: Props) {
  const options = useMemo(() => regionOptions(), []);
  return (
    <Cascader
      id={id}
      options={options}
      value={value}
      onChange={(v) => onChange?.((v ?? []) as string[])}
      placeholder="请选择 省 / 市 / 区县"
      showSearch={{
        filter: (input, path) => path.some((o) => String(o.label).includes(input.trim())),
        limit: 50,
      }}
      expandTrigger="hover"
      style={{ width: '100%' }}
      aria-label="所在地区"
    />
  );
}
