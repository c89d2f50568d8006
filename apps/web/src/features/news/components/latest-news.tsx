import { Card, Empty, Skeleton } from 'antd';
import { HomeSection } from '../../../components/home-section';
import { useLatestNews } from '../api/news';
import { NewsItem } from './news-item';

/** 最新资讯 on the home page: the newest articles, pinned first. */
export function LatestNews({ count = 4 }: { count?: number }) {
  const { data, isPending, isError } = useLatestNews(count);
  if (isError) return null;
  return (
    <HomeSection id="home-news" title="最新资讯" more={{ to: '/app/news', label: '更多资讯' }}>
      <Card styles={{ body: { paddingTop: 0, paddingBottom: 0 } }}>
        {isPending ? (
          [0, 1].map((i) => (
            <Skeleton
              key={i}
              active
              avatar={{ shape: 'square', size: 80 }}
              paragraph={{ rows: 2 }}
              style={{ padding: '16px 0' }}
            />
          ))
        ) : data.list.length === 0 ? (
          <Empty description="暂无资讯" style={{ padding: '24px 0' }} />
        ) : (
          data.list.map((n) => <NewsItem key={n.id} news={n} />)
        )}
      </Card>
    </HomeSection>
  );
}
