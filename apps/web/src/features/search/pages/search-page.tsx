import { SearchOutlined } from '@ant-design/icons';
import { searchKinds, type SearchKind } from '@psy/contracts';
import { Button, Card, Empty, Flex, Pagination, Skeleton, Space, Tabs, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/page-states';
import { SEARCH_PAGE_SIZE, useSearch } from '../api/search';
import { SearchHitCard } from '../components/search-hit-card';

const ALL = 'all';
const isKind = (v: string | null): v is SearchKind => !!v && (searchKinds as readonly string[]).includes(v);

/** 搜索结果 (/all/search?code=&kind=&page=): tabs per kind with counts, ranked hits, paging. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const pageNum = Math.max(1, Math.min(100, Number(params.get('page')) || 1));
  const { data, isPending, isError, isPlaceholderData, refetch } = useSearch({ code, kind, pageNum });

  const go = (next: { kind?: string; page?: number }) => {
    const p = new URLSearchParams({ code });
    const k = next.kind ?? kind ?? ALL;
    if (k !== ALL) p.set('kind', k);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p);
    window.scrollTo(0, 0);
  };

  const all = data?.counts.reduce((n, c) => n + c.total, 0) ?? 0;
  const tabs = [
    { key: ALL, label: `全部 ${all}` },
    ...(data?.counts ?? [])
      .filter((c) => c.total > 0 || c.kind === kind)
      .map((c) => ({ key: c.kind, label: `${c.label} ${c.total}` })),
  ];
  const labelOf = (k: SearchKind) => data?.counts.find((c) => c.kind === k)?.label ?? '';

  return (
    <div className="page-container">
      <Typography.Title level={3} style={{ marginTop: 0, wordBreak: 'break-all' }}>
        {code ? `“${code}”的搜索结果` : '搜索'}
      </Typography.Title>
      {!code ? (
        <Card>
          <Empty
            image={<SearchOutlined style={{ fontSize: 48, color: '#bfbfbf' }} />}
            description="请输入关键词开始搜索"
          />
        </Card>
      ) : isPending ? (
        <Card aria-busy="true">
          <Skeleton.Input active size="small" style={{ width: 320, marginBottom: 16 }} />
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} avatar={{ shape: 'square', size: 56 }} active paragraph={{ rows: 2 }} />
          ))}
        </Card>
      ) : isError ? (
        <LoadFailed title="搜索失败" onRetry={() => void refetch()} />
      ) : all === 0 ? (
        <Card>
          <Empty description={`未找到与“${code}”相关的内容`}>
            <Typography.Paragraph type="secondary">换个关键词试试，或者看看大家常搜的：</Typography.Paragraph>
            <Space wrap style={{ justifyContent: 'center' }}>
              {data.suggestions.map((s) => (
                <Link key={s} to={`/all/search?code=${encodeURIComponent(s)}`}>
                  <Button>{s}</Button>
                </Link>
              ))}
            </Space>
          </Empty>
        </Card>
      ) : (
        <>
          <Tabs activeKey={kind ?? ALL} items={tabs} onChange={(k) => go({ kind: k, page: 1 })} />
          <Flex vertical gap={12} style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
            {data.list.length === 0 ? (
              <Card>
                <Empty description="这一页没有结果了" />
              </Card>
            ) : (
              data.list.map((hit) => (
                <SearchHitCard
                  key={`${hit.kind}-${hit.id}`}
                  hit={hit}
                  keyword={code}
                  kindLabel={kind ? undefined : labelOf(hit.kind)}
                />
              ))
            )}
          </Flex>
          {data.total > SEARCH_PAGE_SIZE && (
            <Pagination
              style={{ marginTop: 24, textAlign: 'center' }}
              align="center"
              current={pageNum}
              pageSize={SEARCH_PAGE_SIZE}
              // The merged tab reaches 200 results at most; each kind's tab pages through all.
              total={kind ? data.total : Math.min(data.total, 200)}
              showSizeChanger={false}
              onChange={(page) => go({ page })}
              showTotal={() => `共 ${data.total} 条`}
            />
          )}
        </>
      )}
    </div>
  );
}
