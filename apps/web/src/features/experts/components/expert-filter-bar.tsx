import type { ConsultMode } from '@psy/contracts';
import { consultModeLabels, consultModes } from '@psy/contracts/constants';
import { FilterOutlined } from '@ant-design/icons';
import { Button, Card, Grid, InputNumber, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useDepartments, useSpecialties, type ExpertFilters } from '../api/expert-list';
import { CountBadge } from '../../../components/count-badge';
import { SearchBox } from '../../../components/search-box';
import styles from './experts.module.css';

interface PriceBand {
  key: string;
  label: string;
  minPrice?: number;
  maxPrice?: number;
}

/** Preset price bands in fen; bounds are inclusive on the server. */
const priceBands: PriceBand[] = [
  { key: '0-200', label: '200元及以下', maxPrice: 20000 },
  { key: '200-400', label: '200–400元', minPrice: 20001, maxPrice: 40000 },
  { key: '400-600', label: '400–600元', minPrice: 40001, maxPrice: 60000 },
  { key: '600-', label: '600元以上', minPrice: 60001 },
];

interface Props {
  value: ExpertFilters;
  onChange: (next: ExpertFilters) => void;
}

/** 擅长领域, 价格, 咨询方式, 机构 and a keyword, applied as soon as they change. */
export function ExpertFilterBar({ value, onChange }: Props) {
  const specialties = useSpecialties();
  const departments = useDepartments();
  const [keyword, setKeyword] = useState(value.keyword ?? '');
  const [customMin, setCustomMin] = useState<number | null>(null);
  const [customMax, setCustomMax] = useState<number | null>(null);
  // On a phone the filters fold away behind a button so the experts come first.
  const phone = !Grid.useBreakpoint().md;
  const [unfolded, setUnfolded] = useState(false);
  const active = [value.specialty, value.mode, value.institutionId, value.minPrice ?? value.maxPrice].filter(
    (v) => v !== undefined,
  ).length;
  const band = priceBands.find((b) => b.minPrice === value.minPrice && b.maxPrice === value.maxPrice);
  const priceSet = value.minPrice !== undefined || value.maxPrice !== undefined;
  const set = (patch: Partial<ExpertFilters>) => onChange({ ...value, ...patch });

  // The inputs hold what is being typed; when the filters change from outside (清除筛选,
  // a preset band) they follow, adjusted while rendering rather than in an effect.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (value.keyword !== seen.keyword) setKeyword(value.keyword ?? '');
    if (value.minPrice !== seen.minPrice || value.maxPrice !== seen.maxPrice) {
      const custom = priceSet && !band;
      setCustomMin(custom && value.minPrice !== undefined ? value.minPrice / 100 : null);
      setCustomMax(custom && value.maxPrice !== undefined ? value.maxPrice / 100 : null);
    }
  }

  const applyCustom = () => {
    const lo = customMin ?? undefined;
    const hi = customMax ?? undefined;
    // Typed the wrong way round: read it as the range the person meant.
    const [min, max] = lo !== undefined && hi !== undefined && lo > hi ? [hi, lo] : [lo, hi];
    set({
      minPrice: min !== undefined ? Math.round(min * 100) : undefined,
      maxPrice: max !== undefined ? Math.round(max * 100) : undefined,
    });
  };

  return (
    <Card className={styles.filters} styles={{ body: { padding: '12px 20px' } }}>
      <div className={styles.filterRow}>
        <span className={styles.filterLabel}>搜索</span>
        <div className={styles.filterOptions}>
          <SearchBox
            placeholder="专家姓名、职称或擅长领域"
            enterButton="搜索"
            value={keyword}
            onChange={(v) => {
              setKeyword(v);
              if (!v) set({ keyword: undefined });
            }}
            onSearch={(v) => set({ keyword: v.trim() || undefined })}
            style={{ maxWidth: 420, flex: 1, minWidth: 0 }}
            label="搜索专家"
          />
          {phone && (
            <CountBadge count={active}>
              <Button
                icon={<FilterOutlined />}
                onClick={() => setUnfolded((u) => !u)}
                aria-expanded={unfolded}
              >
                筛选
              </Button>
            </CountBadge>
          )}
        </div>
      </div>
      {(!phone || unfolded) && (
        <>
          <div className={styles.filterRow}>
            <span className={styles.filterLabel}>擅长领域</span>
            <div className={styles.filterOptions}>
              <Tag.CheckableTag checked={!value.specialty} onChange={() => set({ specialty: undefined })}>
                不限
              </Tag.CheckableTag>
              {(specialties.data ?? []).map((s) => (
                <Tag.CheckableTag
                  key={s}
                  checked={value.specialty === s}
                  onChange={(on) => set({ specialty: on ? s : undefined })}
                >
                  {s}
                </Tag.CheckableTag>
              ))}
            </div>
          </div>
          <div className={styles.filterRow}>
            <span className={styles.filterLabel}>价格</span>
            <div className={styles.filterOptions}>
              <Tag.CheckableTag
                checked={!priceSet}
                onChange={() => set({ minPrice: undefined, maxPrice: undefined })}
              >
                不限
              </Tag.CheckableTag>
              {priceBands.map((b) => (
                <Tag.CheckableTag
                  key={b.key}
                  checked={band?.key === b.key}
                  onChange={(on) =>
                    set(
                      on
                        ? { minPrice: b.minPrice, maxPrice: b.maxPrice }
                        : { minPrice: undefined, maxPrice: undefined },
                    )
                  }
                >
                  {b.label}
                </Tag.CheckableTag>
              ))}
              <Space.Compact size="small">
                <InputNumber
                  min={0}
                  max={10000}
                  precision={0}
                  placeholder="最低"
                  value={customMin}
                  onChange={setCustomMin}
                  style={{ width: 76 }}
                  aria-label="最低价格（元）"
                />
                <InputNumber
                  min={0}
                  max={10000}
                  precision={0}
                  placeholder="最高"
                  value={customMax}
                  onChange={setCustomMax}
                  style={{ width: 76 }}
                  aria-label="最高价格（元）"
                />
                <Button onClick={applyCustom} disabled={customMin === null && customMax === null}>
                  确定
                </Button>
              </Space.Compact>
            </div>
          </div>
          <div className={styles.filterRow}>
            <span className={styles.filterLabel}>咨询方式</span>
            <div className={styles.filterOptions}>
              <Tag.CheckableTag checked={!value.mode} onChange={() => set({ mode: undefined })}>
                不限
              </Tag.CheckableTag>
              {consultModes.map((m: ConsultMode) => (
                <Tag.CheckableTag
                  key={m}
                  checked={value.mode === m}
                  onChange={(on) => set({ mode: on ? m : undefined })}
                >
                  {consultModeLabels[m]}咨询
                </Tag.CheckableTag>
              ))}
            </div>
          </div>
          <div className={styles.filterRow}>
            <span className={styles.filterLabel}>所属机构</span>
            <div className={styles.filterOptions}>
              <Select
                allowClear
                placeholder="全部机构"
                loading={departments.isPending}
                value={value.institutionId}
                onChange={(id?: number) => set({ institutionId: id })}
                options={(departments.data ?? []).map((d) => ({
                  value: d.id,
                  label: `${d.name}（${d.city}）`,
                }))}
                style={{ width: '100%', maxWidth: 360 }}
                aria-label="所属机构"
              />
            </div>
          </div>
        </>
      )}
    </Card>
  );
}
