import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Result, Row, Skeleton, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useSearch } from '../api/search';
import { SearchHitCard } from '../components/search-hit-card';

/** 搜索结果 (/all/search?code=): one section per kind of thing found. */
export function Component() {
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const { data, isPending, isError, refetch } = useSearch(code);
  const groups = data?.groups.filter((g) => g.total > 0 && g.items.length > 0) ?? [];
  const total = groups.reduce((n, g) => n + g.total, 0);

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
        <Card>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} avatar={{ shape: 'square', size: 56 }} active paragraph={{ rows: 2 }} />
          ))}
        </Card>
      ) : isError ? (
        <Result
          status="warning"
          title="搜索失败"
          extra={<Button onClick={() => void refetch()}>重新搜索</Button>}
        />
      ) : groups.length === 0 ? (
        <Card>
          <Empty description={`未找到与“${code}”相关的内容`} />
        </Card>
      ) : (
        <>
          <Typography.Paragraph type="secondary">共找到 {total} 条相关结果</Typography.Paragraph>
          {groups.map((g) => (
            <section key={g.kind} style={{ marginBottom: 24 }} aria-label={g.label}>
              <Typography.Title level={4}>
                {g.label}
                <Typography.Text
                  type="secondary"
                  style={{ fontSize: 14, fontWeight: 'normal', marginLeft: 8 }}
                >
                  {g.total} 条
                </Typography.Text>
              </Typography.Title>
              <Row gutter={[16, 16]}>
                {g.items.map((hit) => (
                  <Col key={hit.id} xs={24} md={12}>
                    <SearchHitCard hit={hit} keyword={code} />
                  </Col>
                ))}
              </Row>
            </section>
          ))}
        </>
      )}
    </div>
  );
}
