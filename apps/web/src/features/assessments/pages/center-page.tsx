import { LockOutlined, SafetyCertificateOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Empty, Flex, Grid, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Deferred } from '../../../components/deferred';
import { Heading, Paragraph } from '../../../components/heading';
import { SearchBox } from '../../../components/search-box';
import { Tiles } from '../../../components/tiles';
import { firstData } from '../../../lib/first-data';
import { CENTER_HERO } from '../../../lib/first-screens';
import {
  activityListQuery,
  planListQuery,
  scaleCategoriesQuery,
  scaleListQuery,
  useActivityList,
  usePlanList,
  useScaleCategories,
  useScaleList,
} from '../api/catalog';
import { ActivityCard, PlanCard, ScaleCard } from '../components/cards';
import { CardGridSkeleton, LoadError, SectionHead } from '../components/states';
import styles from '../components/assessments.module.css';

const SCALE_PREVIEW = 8;
const promiseIcons = [
  <SafetyCertificateOutlined key="s" />,
  <LockOutlined key="l" />,
  <ThunderboltOutlined key="t" />,
];

/** The lists the page shows first, asked for before it renders (lib/first-data.ts). */
export const loader = () =>
  firstData([
    scaleCategoriesQuery,
    scaleListQuery({ pageNum: 1, pageSize: SCALE_PREVIEW }),
    planListQuery,
    activityListQuery,
  ]);

/** 测评中心 (/app/website): search, scales by category, plans and activities. */
export function Component() {
  const navigate = useNavigate();
  // A phone shows fewer cards per section; the full lists are one tap away.
  const phone = Grid.useBreakpoint().sm === false;
  const [category, setCategory] = useState<string | undefined>();
  const categories = useScaleCategories();
  const scales = useScaleList({ pageNum: 1, pageSize: SCALE_PREVIEW, category });
  const plans = usePlanList();
  const activities = useActivityList();
  const openActivities = activities.data?.filter((a) => a.phase !== 'ended') ?? [];

  const search = (value: string) => {
    const keyword = value.trim();
    navigate(keyword ? `/test/list?keyword=${encodeURIComponent(keyword)}` : '/test/list');
  };

  return (
    <>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <Heading level={2} className={styles.heroTitle}>
            {CENTER_HERO.title}
          </Heading>
          <Paragraph className={styles.heroText}>{CENTER_HERO.text}</Paragraph>
          <SearchBox
            className={styles.heroSearch}
            size="large"
            placeholder={CENTER_HERO.searchPlaceholder}
            enterButton="搜索"
            onSearch={search}
            label="搜索量表"
          />
          <div className={styles.promises}>
            {CENTER_HERO.promises.map((promise, i) => (
              <span key={promise}>
                {promiseIcons[i]}
                {promise}
              </span>
            ))}
          </div>
        </div>
      </section>

      <div className="page-container">
        <section className={styles.section} aria-labelledby="center-scales">
          <SectionHead id="center-scales" title="量表测评" more={{ to: '/test/list', label: '全部量表' }} />
          <Flex gap={8} wrap style={{ marginBottom: 16 }} role="group" aria-label="量表分类">
            <Tag.CheckableTag checked={!category} onChange={() => setCategory(undefined)}>
              全部
            </Tag.CheckableTag>
            {categories.data?.map((c) => (
              <Tag.CheckableTag key={c} checked={category === c} onChange={() => setCategory(c)}>
                {c}
              </Tag.CheckableTag>
            ))}
          </Flex>
          <Deferred>
            {scales.isPending ? (
              <CardGridSkeleton count={4} />
            ) : scales.isError ? (
              <LoadError title="量表加载失败" onRetry={() => void scales.refetch()} />
            ) : scales.data.list.length === 0 ? (
              <Empty description="这个分类下暂时没有量表，看看其他分类吧" />
            ) : (
              <Tiles sm={2} lg={4}>
                {scales.data.list.slice(0, phone ? 4 : SCALE_PREVIEW).map((s) => (
                  <ScaleCard key={s.id} scale={s} />
                ))}
              </Tiles>
            )}
          </Deferred>
        </section>

        <section className={styles.section} aria-labelledby="center-plans">
          <SectionHead id="center-plans" title="测评方案" more={{ to: '/combit/list', label: '全部方案' }} />
          <Deferred>
            {plans.isPending ? (
              <CardGridSkeleton count={2} lg={12} />
            ) : plans.isError ? (
              <LoadError title="测评方案加载失败" onRetry={() => void plans.refetch()} />
            ) : plans.data.length === 0 ? (
              <Empty description="暂无测评方案" />
            ) : (
              <Tiles md={2}>
                {plans.data.slice(0, phone ? 2 : 4).map((p) => (
                  <PlanCard key={p.id} plan={p} />
                ))}
              </Tiles>
            )}
          </Deferred>
        </section>

        <section className={styles.section} aria-labelledby="center-activities">
          <SectionHead
            id="center-activities"
            title="测评活动"
            more={{ to: '/activity/list', label: '全部活动' }}
          />
          <Deferred>
            {activities.isPending ? (
              <CardGridSkeleton count={2} lg={12} />
            ) : activities.isError ? (
              <LoadError title="活动加载失败" onRetry={() => void activities.refetch()} />
            ) : openActivities.length === 0 ? (
              <Empty description="近期没有进行中的活动，可以在“全部活动”里看看往期活动" />
            ) : (
              <Tiles md={2}>
                {openActivities.slice(0, phone ? 2 : 4).map((a) => (
                  <ActivityCard key={a.id} activity={a} />
                ))}
              </Tiles>
            )}
          </Deferred>
        </section>
      </div>
    </>
  );
}
