import { PlusOutlined } from '@ant-design/icons';
import { newsCategoryLabels, newsStatuses, newsStatusLabels, type NewsStatus } from '@psy/contracts';
import { Button, Card, Flex, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuditLayout } from '../../../components/workbench/audit-layout';
import { ContentList } from '../../../components/workbench/content-list';
import { countIn, StatusFilter } from '../../../components/workbench/status-filter';
import { useFilteredPages } from '../../../components/workbench/workbench-list';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import styles from '../../../components/workbench/workbench.module.css';
import { formatDateTime } from '../../../lib/format';
import { useNewsAdmin } from '../api/news';
import { NewsStatusTag } from '../components/news-status-tag';

type Filter = NewsStatus | 'all';
const PAGE_SIZE = 10;

/** 资讯管理 (/audit/news/list): every article by status; write, publish, pin, take down. */
export function Component() {
  const { filter, choose, pageNum, setPageNum } = useFilteredPages<Filter>('all');
  const [keyword, setKeyword] = useState('');
  const query = useNewsAdmin({
    status: filter === 'all' ? undefined : filter,
    keyword: keyword || undefined,
    pageNum,
    pageSize: PAGE_SIZE,
  });

  return (
    <AuditLayout>
      <WorkbenchHead
        title="资讯管理"
        sub="撰写心理科普、平台动态与活动通知；可立即发布或定时发布"
        extra={
          <Link to="/audit/news/detail">
            <Button type="primary" icon={<PlusOutlined />}>
              写资讯
            </Button>
          </Link>
        }
      />
      <Card>
        <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 8 }}>
          <StatusFilter<Filter>
            value={filter}
            onChange={choose}
            count={countIn(query.data?.counts, undefined)}
            options={[
              { value: 'all', label: '全部' },
              ...newsStatuses.map((s) => ({ value: s, label: newsStatusLabels[s] })),
            ]}
            style={{ overflowX: 'auto' }}
          />
          <Input.Search
            placeholder="按标题搜索"
            allowClear
            maxLength={50}
            style={{ maxWidth: 240 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPageNum(1);
            }}
          />
        </Flex>
        <ContentList
          query={query}
          what="资讯"
          empty={keyword ? `没有标题含“${keyword}”的资讯` : '这一类下没有资讯'}
          page={{ current: pageNum, size: PAGE_SIZE, onChange: setPageNum }}
        >
          {(list) =>
            list.map((a) => (
              <div key={a.id} className={styles.listItem}>
                <Flex justify="space-between" align="start" gap={12} wrap>
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Space wrap size={6}>
                      <Link to={`/audit/news/detail?id=${a.id}`}>
                        <Typography.Text strong>{a.title}</Typography.Text>
                      </Link>
                      <NewsStatusTag status={a.status} />
                      {a.pinned && <Tag color="red">置顶</Tag>}
                    </Space>
                    <div className={styles.muted}>
                      {newsCategoryLabels[a.category]} · {a.author || '编辑'} ·{' '}
                      {a.status === 'scheduled' && a.publishAt
                        ? `将于 ${formatDateTime(a.publishAt)} 发布`
                        : a.publishedAt
                          ? `发布于 ${formatDateTime(a.publishedAt)}`
                          : `更新于 ${formatDateTime(a.updatedAt)}`}
                      {a.status !== 'draft' && ` · 阅读 ${a.views}`}
                    </div>
                  </div>
                  <Link to={`/audit/news/detail?id=${a.id}`}>编辑</Link>
                </Flex>
              </div>
            ))
          }
        </ContentList>
      </Card>
    </AuditLayout>
  );
}
