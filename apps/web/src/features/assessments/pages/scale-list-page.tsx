import { Input, Segmented, Select, Typography } from 'antd';
import { CatalogueResults } from '../../../components/card-grid';
import { useUrlFilters } from '../../../lib/url-filters';
import { useScaleCategories, useScaleList, type ScaleFilter } from '../api/catalog';
import { ScaleCard } from '../components/cards';
import { CardGridSkeleton, LoadError } from '../components/states';
import styles from '../components/assessments.module.css';

const PAGE_SIZE = 12;
const priceOptions = [
  { label: '全部', value: '' },
  { label: '报告免费', value: 'free' },
  { label: '报告付费', value: 'paid' },
];

/**
 * 量表测评 (/test/list): the filters live in the URL (keyword, category, price, page), so the
 * centre's search box can link here and a filtered list can be shared or reloaded.
 */
export function Component() {
  const { params, pageNum, keyword, price, update } = useUrlFilters();
  const category = params.get('category') ?? '';
  const filter: ScaleFilter = {
    pageNum,
    pageSize: PAGE_SIZE,
    keyword: keyword || undefined,
    category: category || undefined,
    price,
  };
  const categories = useScaleCategories();
  const list = useScaleList(filter);

  return (
    <div className="page-container">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        量表测评
      </Typography.Title>
      <div className={styles.filterBar}>
        <div className={styles.filterRow}>
          <Input.Search
            key={keyword}
            defaultValue={keyword}
            placeholder="输入量表名称或关键词"
            allowClear
            enterButton="搜索"
            onSearch={(v) => update({ keyword: v.trim() || undefined })}
            style={{ maxWidth: 420 }}
            aria-label="搜索量表"
          />
        </div>
        <div className={styles.filterRow}>
          <span className={styles.filterPair}>
            <span className={styles.filterLabel}>分类</span>
            <Select
              value={category}
              onChange={(v) => update({ category: v || undefined })}
              style={{ minWidth: 140 }}
              aria-label="量表分类"
              options={[
                { label: '全部分类', value: '' },
                ...(categories.data ?? []).map((c) => ({ label: c, value: c })),
              ]}
            />
          </span>
          <span className={styles.filterPair}>
            <span className={styles.filterLabel}>报告</span>
            <Segmented
              value={price ?? ''}
              options={priceOptions}
              onChange={(v) => update({ price: String(v) || undefined })}
            />
          </span>
        </div>
      </div>

      <CatalogueResults
        query={list}
        skeleton={<CardGridSkeleton count={8} />}
        failed={<LoadError title="量表加载失败" onRetry={() => void list.refetch()} />}
        empty={
          keyword
            ? `没有找到与“${keyword}”相关的量表，换个关键词试试`
            : '没有符合条件的量表，试试放宽筛选条件'
        }
        totalText={(total) => `共 ${total} 个量表`}
        pageNum={pageNum}
        pageSize={PAGE_SIZE}
        onPage={(p) => update({ page: String(p) })}
      >
        {(s) => <ScaleCard scale={s} />}
      </CatalogueResults>
    </div>
  );
}
