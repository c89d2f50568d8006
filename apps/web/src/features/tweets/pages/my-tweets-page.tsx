import { CheckCircleOutlined, ClockCircleOutlined, LikeOutlined, PlusOutlined } from '@ant-design/icons';
import { tweetStatuses, tweetStatusLabels, tweetVisibilityLabels, type TweetStatus } from '@psy/contracts';
import { Button, Card, Flex, Popconfirm, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { StatRow } from '../../../components/stat-card';
import { ContentList } from '../../../components/workbench/content-list';
import { countIn, StatusFilter } from '../../../components/workbench/status-filter';
import { useFilteredPages } from '../../../components/workbench/workbench-list';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import styles from '../../../components/workbench/workbench.module.css';
import { formatDateTime } from '../../../lib/format';
import { useMyTweets, useTweetAction } from '../api/tweets';
import { TweetImages } from '../components/tweet-images';
import { TweetStatusTag } from '../components/tweet-status-tag';

type Filter = TweetStatus | 'all';
const PAGE_SIZE = 10;

/** 推文列表 (/expert/tweet): the expert's own tweets by status, with likes. */
export function Component() {
  const { filter, choose, pageNum, setPageNum } = useFilteredPages<Filter>('all');
  const query = useMyTweets({
    status: filter === 'all' ? undefined : filter,
    pageNum,
    pageSize: PAGE_SIZE,
  });
  const { data, isPending } = query;
  const act = useTweetAction();

  return (
    <WorkbenchLayout>
      <WorkbenchHead
        title="个人推文"
        sub="发布前由平台审核；发布后显示在您的专家主页和首页的专家动态中"
        extra={
          <Link to="/expert/tweet/detail">
            <Button type="primary" icon={<PlusOutlined />}>
              发动态
            </Button>
          </Link>
        }
      />
      <StatRow
        style={{ marginBottom: 16 }}
        col={{ xs: 24, sm: 8 }}
        cards={[
          {
            icon: <CheckCircleOutlined />,
            color: '#52c41a',
            label: '已发布',
            value: data?.counts.published,
            loading: isPending,
          },
          {
            icon: <ClockCircleOutlined />,
            color: '#1677ff',
            label: '审核中',
            value: data?.counts.pending,
            loading: isPending,
          },
          {
            icon: <LikeOutlined />,
            color: '#13a8a8',
            label: '累计获赞',
            value: data?.totalLikes,
            loading: isPending,
          },
        ]}
      />
      <Card>
        <StatusFilter<Filter>
          value={filter}
          onChange={choose}
          count={countIn(data?.counts, undefined)}
          options={[
            { value: 'all', label: '全部' },
            ...tweetStatuses.map((s) => ({ value: s, label: tweetStatusLabels[s] })),
          ]}
        />
        <ContentList
          query={query}
          what="动态"
          empty={filter === 'all' ? '还没有动态，点右上角“发动态”写第一条吧' : '这一类下没有动态'}
          page={{ current: pageNum, size: PAGE_SIZE, onChange: setPageNum }}
        >
          {(list) =>
            list.map((t) => (
              <div key={t.id} className={styles.listItem} data-testid="my-tweet">
                <Flex justify="space-between" align="start" gap={12} wrap>
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Space wrap size={6}>
                      <TweetStatusTag status={t.status} />
                      <span className={styles.muted}>
                        {tweetVisibilityLabels[t.visibility]} ·{' '}
                        {t.publishedAt
                          ? `发布于 ${formatDateTime(t.publishedAt)}`
                          : `更新于 ${formatDateTime(t.updatedAt)}`}
                        {t.status === 'published' && ` · ${t.likeCount} 个赞`}
                      </span>
                    </Space>
                    <Typography.Paragraph
                      ellipsis={{ rows: 3 }}
                      style={{ margin: '8px 0 0', whiteSpace: 'pre-wrap' }}
                    >
                      {t.content}
                    </Typography.Paragraph>
                    <TweetImages images={t.images} />
                    {t.status === 'rejected' && t.rejectReason && (
                      <Typography.Text type="danger" style={{ display: 'block', marginTop: 8 }}>
                        驳回原因：{t.rejectReason}
                      </Typography.Text>
                    )}
                  </div>
                  <Space>
                    {(t.status === 'draft' || t.status === 'rejected') && (
                      <Link to={`/expert/tweet/detail?id=${t.id}`}>编辑</Link>
                    )}
                    {t.status === 'pending' && <Link to={`/expert/tweet/detail?id=${t.id}`}>查看</Link>}
                    {t.status === 'published' && (
                      <Popconfirm
                        title="撤回后动态不再公开显示，可修改后重新提交。确定撤回？"
                        onConfirm={() => act.mutate({ id: t.id, action: 'withdraw' })}
                      >
                        <a>撤回</a>
                      </Popconfirm>
                    )}
                    {t.status !== 'pending' && (
                      <Popconfirm
                        title="删除后无法恢复，确定删除？"
                        onConfirm={() => act.mutate({ id: t.id, action: 'delete' })}
                      >
                        <a style={{ color: '#ff4d4f' }}>删除</a>
                      </Popconfirm>
                    )}
                  </Space>
                </Flex>
              </div>
            ))
          }
        </ContentList>
      </Card>
    </WorkbenchLayout>
  );
}
