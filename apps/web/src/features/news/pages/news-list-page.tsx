import { newsCategories, newsCategoryLabels, type NewsCategory } from '@psy/contracts';
import { Card, Empty, Skeleton, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { LoadFailed } from '../../../components/page-states';
import { useInfiniteScroll } from '../../../components/use-infinite-scroll';
import { useNewsFeed } from '../api/news';
import { NewsItem } from '../components/news-item';
import styles from '../components/news.module.css';

const ALL = 'all';

/** 最新资讯 (/app/news, kept alive): category tabs and an endless list. */
export function Component() {
  const [tab, setTab] = useState<string>(ALL);
  const category = tab === ALL ? undefined : (tab as NewsCategory);
  const feed = useNewsFeed(category);
  const list = feed.data?.pages.flatMap((p) => p.list) ?? [];
  const total = feed.data?.pages[0]?.total ?? 0;

  useInfiniteScroll(() => void feed.fetchNextPage(), {
    disabled: !feed.hasNextPage || feed.isFetchingNextPage || feed.isPending || feed.isError,
  });

  return (
    <div className="page-container">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        最新资讯
      </Typography.Title>
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            setTab(k);
            window.scrollTo(0, 0);
          }}
          items={[
            { key: ALL, label: '全部' },
            ...newsCategories.map((c) => ({ key: c, label: newsCategoryLabels[c] })),
          ]}
        />
        {feed.isPending ? (
          <div aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} active avatar={{ shape: 'square', size: 96 }} paragraph={{ rows: 2 }} />
            ))}
          </div>
        ) : feed.isError && list.length === 0 ? (
          <LoadFailed title="资讯加载失败" onRetry={() => void feed.refetch()} />
        ) : list.length === 0 ? (
          <Empty description="这个分类下还没有资讯" style={{ padding: '32px 0' }} />
        ) : (
          <>
            {list.map((n) => (
              <NewsItem key={n.id} news={n} />
            ))}
            <div className={styles.end} aria-live="polite">
              {feed.isFetchingNextPage ? (
                <Spin size="small" tip="正在加载…">
                  <span style={{ display: 'inline-block', width: 80, height: 24 }} />
                </Spin>
              ) : feed.isFetchNextPageError ? (
                <a onClick={() => void feed.fetchNextPage()}>加载失败，点击重试</a>
              ) : feed.hasNextPage ? (
                <a onClick={() => void feed.fetchNextPage()}>加载更多</a>
              ) : (
                `已显示全部 ${total} 篇`
              )}
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
