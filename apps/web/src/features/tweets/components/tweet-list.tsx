import type { TweetCard as TweetCardData } from '@psy/contracts';
import { Alert, Button, Card, Col, Empty, Flex, Row, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { HomeSection } from '../../../components/home-section';
import { useLiked, useTweet, useTweetFeed } from '../api/tweets';
import { TweetCard } from './tweet-card';

function useFeedWithLikes(expertId: number | undefined, pageSize: number, extra?: TweetCardData) {
  const feed = useTweetFeed(expertId, pageSize);
  const loaded = feed.data?.pages.flatMap((p) => p.list) ?? [];
  // A tweet asked for by number comes first until the pages reach it.
  const list = extra && !loaded.some((t) => t.id === extra.id) ? [extra, ...loaded] : loaded;
  const liked = useLiked(list.map((t) => t.id));
  return { feed, list, liked: liked.data ?? new Set<number>() };
}

const skeleton = (
  <Card>
    <Skeleton avatar active paragraph={{ rows: 3 }} />
  </Card>
);

/**
 * An expert's published tweets (expert detail page), newest first, more on request. A search
 * hit links here with `&tweet=<id>`: that tweet is fetched by number (it may be older than the
 * first page), shown first if the loaded pages do not hold it, highlighted and scrolled to.
 */
export function ExpertTweets({ expertId }: { expertId: number }) {
  const [params] = useSearchParams();
  const wanted = Number(params.get('tweet'));
  const focusId = Number.isInteger(wanted) && wanted > 0 ? wanted : 0;
  const focus = useTweet(focusId);
  const focused = focus.data?.author.id === expertId ? focus.data : undefined;
  const { feed, list, liked } = useFeedWithLikes(expertId, 5, focused);
  const gone = focusId > 0 && (focus.isError || (focus.data && !focused));
  return (
    <Card title="专家动态" style={{ marginTop: 16 }} data-testid="expert-tweets">
      {gone && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message="你要找的这条动态已撤回或暂不可见" />
      )}
      {feed.isPending || (focusId > 0 && focus.isPending) ? (
        <Skeleton avatar active paragraph={{ rows: 3 }} />
      ) : feed.isError ? (
        <Empty description="动态加载失败，请稍后再试" />
      ) : list.length === 0 ? (
        <Empty description="这位专家还没有发布动态" />
      ) : (
        <Flex vertical gap={12}>
          {list.map((t) => (
            <TweetCard key={t.id} tweet={t} liked={liked.has(t.id)} highlight={t.id === focused?.id} />
          ))}
          {feed.hasNextPage && (
            <Button block loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
              查看更多动态
            </Button>
          )}
        </Flex>
      )}
    </Card>
  );
}

/** 专家动态 on the home page: the newest tweets of all experts. */
export function TweetFeed({ count = 3 }: { count?: number }) {
  const { feed, list, liked } = useFeedWithLikes(undefined, count);
  if (feed.isError) return null;
  return (
    <HomeSection id="home-tweets" title="专家动态" more={{ to: '/app/expert', label: '认识更多专家' }}>
      {feed.isPending ? (
        <Row gutter={[16, 16]}>
          {Array.from({ length: count }, (_, i) => (
            <Col key={i} xs={24} md={24 / count}>
              {skeleton}
            </Col>
          ))}
        </Row>
      ) : list.length === 0 ? (
        <Card>
          <Empty description="专家们还没有发布动态" />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {list.slice(0, count).map((t) => (
            <Col key={t.id} xs={24} md={24 / count}>
              <TweetCard tweet={t} liked={liked.has(t.id)} clamp />
            </Col>
          ))}
        </Row>
      )}
    </HomeSection>
  );
}
