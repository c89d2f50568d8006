import { LikeFilled, LikeOutlined } from '@ant-design/icons';
import type { TweetCard as Tweet } from '@psy/contracts';
import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ExpertAvatar } from '../../../components/expert-avatar';
import { monthDayTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useLike } from '../api/tweets';
import { TweetImages } from './tweet-images';
import styles from './tweets.module.css';

/** One published tweet: the expert, the text and pictures, and the like button. */
export function TweetCard({
  tweet,
  liked,
  clamp,
  highlight,
}: {
  tweet: Tweet;
  liked: boolean;
  /** The home feed's short form: text cut at four lines, the card as tall as its row. */
  clamp?: boolean;
  /** The tweet the reader came for (a search hit): marked and scrolled into view once. */
  highlight?: boolean;
}) {
  const token = useSession((s) => s.token);
  const me = useSession((s) => s.userInfo);
  const like = useLike();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const own = me?.id === tweet.author.id;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (highlight) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [highlight]);

  function toggle() {
    if (!token) {
      toast.error('登录后才能点赞');
      navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`);
      return;
    }
    like.mutate({ id: tweet.id, like: !liked });
  }

  return (
    <article
      ref={ref}
      className={`${styles.card} ${clamp ? styles.fill : ''} ${highlight ? styles.highlight : ''}`}
      data-testid="tweet-card"
      data-highlighted={highlight || undefined}
      aria-current={highlight || undefined}
      aria-label={`${tweet.author.name}的动态`}
    >
      <div className={styles.head}>
        <Link to={`/experts/detail?id=${tweet.author.id}`}>
          <ExpertAvatar expert={tweet.author} size={40} />
        </Link>
        <div className={styles.who}>
          <Link to={`/experts/detail?id=${tweet.author.id}`} style={{ color: '#1f2d3d', fontWeight: 600 }}>
            {tweet.author.name}
          </Link>
          <small>
            {tweet.author.title ?? '心理咨询师'} · {monthDayTime(tweet.publishedAt)}
          </small>
        </div>
      </div>
      <p className={`${styles.content} ${clamp ? styles.clamp : ''}`}>{tweet.content}</p>
      <TweetImages images={tweet.images} />
      <div className={styles.foot}>
        <span />
        <Button
          type="text"
          size="small"
          icon={liked ? <LikeFilled style={{ color: '#13a8a8' }} /> : <LikeOutlined />}
          onClick={toggle}
          loading={like.isPending}
          disabled={own}
          aria-pressed={liked}
          aria-label={liked ? '取消点赞' : '点赞'}
          title={own ? '自己的动态' : undefined}
        >
          {tweet.likeCount > 0 ? tweet.likeCount : '赞'}
        </Button>
      </div>
    </article>
  );
}
