import { Button, Card, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { Heading, Paragraph } from '../../../components/heading';
import { Pager } from '../../../components/pager';
import { Tiles } from '../../../components/tiles';
import {
  departmentListQuery,
  expertPageQuery,
  specialtiesQuery,
  useExperts,
  type ExpertFilters,
} from '../api/expert-list';
import { firstData } from '../../../lib/first-data';
import { ExpertCard } from '../components/expert-card';
import { ExpertFilterBar } from '../components/expert-filter-bar';
import { EXPERTS_HEAD } from '../../../lib/first-screens';
import styles from '../components/experts.module.css';
import { LoadFailed } from '../../../components/page-states';

const PAGE_SIZE = 9;

/** The first page of experts and the filters' choices, asked for before the page renders (lib/first-data.ts). */
export const loader = () =>
  firstData([expertPageQuery({ pageNum: 1, pageSize: PAGE_SIZE }), specialtiesQuery, departmentListQuery]);

/**
 * 心理咨询 (/app/expert), kept alive: the filters live in component state rather than the
 * URL, because a kept page stays rendered (hidden) while other pages own the URL.
 */
export function Component() {
  const [filters, setFilters] = useState<ExpertFilters>({});
  const [pageNum, setPageNum] = useState(1);
  const { data, isPending, isError, isPlaceholderData, refetch } = useExperts({
    ...filters,
    pageNum,
    pageSize: PAGE_SIZE,
  });
  const filtered = Object.values(filters).some((v) => v !== undefined);

  const change = (next: ExpertFilters) => {
    setFilters(next);
    setPageNum(1);
  };

  return (
    <div className="page-container">
      <div className={styles.sectionHead}>
        <div>
          <Heading level={3} style={{ margin: 0 }}>
            {EXPERTS_HEAD.title}
          </Heading>
          <span className="text-secondary">{EXPERTS_HEAD.text}</span>
        </div>
      </div>
      <ExpertFilterBar value={filters} onChange={change} />
      <div style={{ marginTop: 16 }}>
        {isPending ? (
          <Tiles md={2} xl={3}>
            {[0, 1, 2].map((i) => (
              <Card key={i}>
                <Skeleton avatar active paragraph={{ rows: 3 }} />
              </Card>
            ))}
          </Tiles>
        ) : isError ? (
          <LoadFailed title="专家列表加载失败" onRetry={() => void refetch()} />
        ) : data.total === 0 ? (
          <Card>
            <Empty description={filtered ? '没有符合条件的专家，试试放宽筛选条件' : '暂时还没有可预约的专家'}>
              {filtered && (
                <Button type="primary" onClick={() => change({})}>
                  清除筛选
                </Button>
              )}
            </Empty>
          </Card>
        ) : (
          <>
            <Paragraph secondary>
              共 {data.total} 位专家
              {filtered && (
                <Button type="link" size="small" onClick={() => change({})}>
                  清除筛选
                </Button>
              )}
            </Paragraph>
            <Tiles md={2} xl={3} style={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
              {data.list.map((e) => (
                <ExpertCard key={e.id} expert={e} />
              ))}
            </Tiles>
            <Pager
              total={data.total}
              current={pageNum}
              size={PAGE_SIZE}
              marginTop={24}
              onChange={(p) => {
                setPageNum(p);
                window.scrollTo({ top: 0, behavior: 'smooth' });
              }}
            />
          </>
        )}
      </div>
    </div>
  );
}
