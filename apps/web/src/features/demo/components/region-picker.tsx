import { useQuery } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { useState } from 'react';
import { fetchRegions, provincesQuery } from '../api/queries';
import type { Region } from '../api/types';

interface RegionOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: RegionOption[];
}

const toOption = (r: Region): RegionOption => ({ value: r.code, label: r.name, isLeaf: r.leaf });

interface Props {
  id?: string;
  value?: string[];
  onChange?: (codes: string[], labels: string[]) => void;
}

/** 省 / 市 / 区县 from the mock's region table, one level fetched at a time. */
export function RegionPicker({ id, value, onChange }: Props) {
  const provinces = useQuery(provincesQuery);
  // Children fetched so far, by parent code; the option tree is rebuilt from them on each change.
  const [children, setChildren] = useState<Record<string, Region[]>>({});

  const build = (list: Region[]): RegionOption[] =>
    list.map((r) => {
      const option = toOption(r);
      const loaded = children[r.code];
      return loaded ? { ...option, children: build(loaded) } : option;
    });

  return (
    <Cascader<RegionOption>
      id={id}
      value={value}
      options={provinces.data ? build(provinces.data) : []}
      loadData={async (selected) => {
        const target = selected.at(-1);
        if (!target || children[target.value]) return;
        const list = await fetchRegions(target.value);
        setChildren((c) => ({ ...c, [target.value]: list }));
      }}
      onChange={(codes, options) =>
        onChange?.(
          (codes ?? []) as string[],
          (options ?? []).map((o) => String(o.label)),
        )
      }
      notFoundContent={provinces.isPending ? '加载中…' : provinces.error ? '地区加载失败' : '暂无地区'}
      placeholder="请选择 省 / 市 / 区县"
      style={{ width: '100%' }}
    />
  );
}
