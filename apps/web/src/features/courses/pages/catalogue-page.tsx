import { courseCategories, courseSortLabels, courseSorts, type CourseCategory } from '@psy/contracts';
import { Card, Col, Input, Row, Segmented, Skeleton, Typography } from 'antd';
import { CatalogueResults } from '../../../components/card-grid';
import { LoadFailed } from '../../../components/page-states';
import { useUrlFilters } from '../../../lib/url-filters';
import { useCourseList } from '../api/learning';
import { CourseCard } from '../components/course-card';
import styles from '../components/courses.module.css';

const PAGE_SIZE = 12;
type Sort = (typeof courseSorts)[number];

function GridSkeleton() {
  return (
    <Row gutter={[16, 16]}>
      {Array.from({ length: 8 }, (_, i) => (
        <Col key={i} xs={24} sm={12} lg={6}>
          <Card styles={{ body: { padding: 0 } }}>
            <Skeleton.Node active style={{ width: '100%', height: 150 }} />
            <Skeleton active style={{ padding: 14 }} paragraph={{ rows: 2 }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * 课程学习 (/app/course, kept alive with its scroll position): category, sort, price and
 * keyword live in the URL, so a filtered list can be shared or reloaded.
 */
export function Component() {
  const { params, pageNum, keyword, price, update } = useUrlFilters();
  const categoryParam = params.get('category') ?? '';
  const category = (courseCategories as readonly string[]).includes(categoryParam)
    ? (categoryParam as CourseCategory)
    : undefined;
  const sortParam = params.get('sort') as Sort | null;
  const sort: Sort = sortParam && courseSorts.includes(sortParam) ? sortParam : 'newest';
  const list = useCourseList({
    pageNum,
    pageSize: PAGE_SIZE,
    keyword: keyword || undefined,
    category,
    sort,
    price,
  });

  return (
    <div className="page-container">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        课程学习
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        由平台认证的心理咨询师主讲，视频与图文结合，随时随地学习，进度多端同步。
      </Typography.Paragraph>
      <div className={styles.filterBar}>
        <div className={styles.filterRow}>
          <Input.Search
            key={keyword}
            defaultValue={keyword}
            placeholder="搜索课程名称、专家或简介"
            allowClear
            enterButton="搜索"
            onSearch={(v) => update({ keyword: v.trim() || undefined })}
            style={{ maxWidth: 420 }}
            aria-label="搜索课程"
          />
        </div>
        <div className={styles.filterRow}>
          <span className={styles.filterLabel}>分类</span>
          <Segmented
            value={category ?? ''}
            aria-label="课程分类"
            options={[{ label: '全部', value: '' }, ...courseCategories.map((c) => ({ label: c, value: c }))]}
            onChange={(v) => update({ category: String(v) || undefined })}
            style={{ maxWidth: '100%', overflowX: 'auto' }}
          />
        </div>
        <div className={styles.filterRow}>
          <span className={styles.filterLabel}>排序</span>
          <Segmented
            value={sort}
            aria-label="排序"
            options={courseSorts.map((s) => ({ label: courseSortLabels[s], value: s }))}
            onChange={(v) => update({ sort: v === 'newest' ? undefined : String(v) })}
          />
          <span className={styles.filterLabel} style={{ marginLeft: 12 }}>
            价格
          </span>
          <Segmented
            value={price ?? ''}
            aria-label="价格"
            options={[
              { label: '全部', value: '' },
              { label: '免费', value: 'free' },
              { label: '付费', value: 'paid' },
            ]}
            onChange={(v) => update({ price: String(v) || undefined })}
          />
        </div>
      </div>

      <CatalogueResults
        query={list}
        skeleton={<GridSkeleton />}
        failed={<LoadFailed title="课程加载失败" onRetry={() => void list.refetch()} />}
        empty={
          keyword
            ? `没有找到与“${keyword}”相关的课程，换个关键词试试`
            : '这个分类下还没有课程，看看其他分类吧'
        }
        totalText={(total) => `共 ${total} 门课程`}
        pageNum={pageNum}
        pageSize={PAGE_SIZE}
        onPage={(p) => update({ page: String(p) })}
      >
        {(c) => <CourseCard course={c} />}
      </CatalogueResults>
    </div>
  );
}
