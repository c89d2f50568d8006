import { EyeOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { newsCategoryLabels } from '@psy/contracts';
import { Breadcrumb, Card, Skeleton, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { idParam, queryStates } from '../../../components/page-states';
import { RichTextView } from '../../../components/rich-text';
import { formatDateTime, uploadUrl } from '../../../lib/format';
import { usePageMeta } from '../../../lib/page-title';
import { useNewsDetail } from '../api/news';
import { categoryColors, NewsItem } from '../components/news-item';
import styles from '../components/news.module.css';

/** 资讯详情 (/news/detail?id=): the article, readings, previous / next and related articles. */
export function Component() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const query = useNewsDetail(id);
  const a = query.data;
  // The tab and description as the server's page for this article has them.
  usePageMeta(a && { title: a.title, description: a.summary });

  const state = queryStates(query, {
    missing: id === 0,
    notFound: { title: '资讯不存在或已下线', back: { to: '/app/news', label: '返回资讯列表' } },
    failed: '资讯加载失败',
    skeleton: (
      <Card className={styles.article}>
        <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 10 }} />
      </Card>
    ),
  });
  if (state || !a) return <div className="page-container">{state?.view}</div>;

  return (
    <div className="page-container">
      <article className={styles.article}>
        <Breadcrumb
          style={{ marginBottom: 16 }}
          items={[{ title: <Link to="/app/news">最新资讯</Link> }, { title: newsCategoryLabels[a.category] }]}
        />
        <Card>
          <Typography.Title level={2} style={{ marginTop: 0 }}>
            {a.title}
          </Typography.Title>
          <div style={{ color: '#8c8c8c', display: 'flex', gap: 16, flexWrap: 'wrap', marginBottom: 20 }}>
            <Tag color={categoryColors[a.category]}>{newsCategoryLabels[a.category]}</Tag>
            <span>{formatDateTime(a.publishedAt)}</span>
            <span>{a.author}</span>
            <span aria-label="阅读量">
              <EyeOutlined /> {a.views} 次阅读
            </span>
          </div>
          {a.cover && <img className={styles.articleCover} src={uploadUrl(a.cover)} alt="" />}
          <RichTextView html={a.body} />
        </Card>
        <nav className={styles.neighbours} aria-label="上一篇与下一篇">
          {a.prev ? (
            <Link to={`/news/detail?id=${a.prev.id}`}>
              <small>
                <LeftOutlined /> 上一篇
              </small>
              {a.prev.title}
            </Link>
          ) : (
            <span />
          )}
          {a.next && (
            <Link to={`/news/detail?id=${a.next.id}`} style={{ textAlign: 'right' }}>
              <small>
                下一篇 <RightOutlined />
              </small>
              {a.next.title}
            </Link>
          )}
        </nav>
        {a.related.length > 0 && (
          <Card
            title="相关资讯"
            style={{ marginTop: 24 }}
            styles={{ body: { paddingTop: 0, paddingBottom: 0 } }}
          >
            {a.related.map((r) => (
              <NewsItem key={r.id} news={r} />
            ))}
          </Card>
        )}
      </article>
    </div>
  );
}
