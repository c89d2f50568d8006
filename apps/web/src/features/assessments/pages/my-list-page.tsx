import type { AssessmentListItem } from '@psy/contracts';
import { Button, Card, Empty, Flex, Segmented, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { CardSkeleton } from '../../../components/page-states';
import { Pager } from '../../../components/pager';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useMyAssessments } from '../api/taking';
import { flowPaths, withAid } from '../components/flow';
import { BandTag } from '../components/score-parts';
import { LoadError } from '../components/states';

type Filter = 'all' | AssessmentListItem['status'];

const filters: { label: string; value: Filter }[] = [
  { label: '全部', value: 'all' },
  { label: '进行中', value: 'in_progress' },
  { label: '已完成', value: 'submitted' },
];
const PAGE_SIZE = 10;

/** 我的测评 (/user/paper/list): unfinished ones to continue, finished ones to look back on. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const filter = filters.find((f) => f.value === params.get('status'))?.value ?? 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError, isPlaceholderData, refetch } = useMyAssessments({
    pageNum: page,
    pageSize: PAGE_SIZE,
    status: filter === 'all' ? undefined : filter,
  });

  const go = (next: { filter?: Filter; page?: number }) => {
    const f = next.filter ?? filter;
    const p = next.page ?? (next.filter ? 1 : page);
    const q = new URLSearchParams();
    if (f !== 'all') q.set('status', f);
    if (p > 1) q.set('page', String(p));
    setParams(q, { replace: true });
    window.scrollTo({ top: 0 });
  };

  // A page past the end (an old link): step back to the last one.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  useEffect(() => {
    if (data && !isPlaceholderData && page > lastPage) {
      const q = new URLSearchParams(params);
      if (lastPage > 1) q.set('page', String(lastPage));
      else q.delete('page');
      setParams(q, { replace: true });
    }
  }, [data, isPlaceholderData, page, lastPage, params, setParams]);

  const options = filters.map((f) => ({
    value: f.value,
    label: data ? `${f.label} (${data.counts[f.value]})` : f.label,
  }));

  return (
    <div className="page-container" style={{ maxWidth: 960 }}>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          我的测评
        </Typography.Title>
        <Segmented<Filter> value={filter} options={options} onChange={(f) => go({ filter: f })} />
      </Flex>
      {isPending ? (
        <CardSkeleton rows={6} />
      ) : isError ? (
        <LoadError title="测评记录加载失败" onRetry={() => void refetch()} />
      ) : data.list.length === 0 ? (
        <Card>
          <Empty
            description={
              data.counts.all === 0 ? '你还没有做过测评，花几分钟了解一下自己吧' : '没有此状态的测评'
            }
          >
            {data.counts.all === 0 && (
              <Link to="/app/website">
                <Button type="primary">去测评中心</Button>
              </Link>
            )}
          </Empty>
        </Card>
      ) : (
        <>
          <Flex
            vertical
            gap={12}
            style={{ opacity: isPlaceholderData ? 0.6 : 1 }}
            aria-busy={isPlaceholderData}
          >
            {data.list.map((a) => (
              <AssessmentRow key={a.id} item={a} />
            ))}
          </Flex>
          <Pager total={data.total} current={page} size={PAGE_SIZE} onChange={(p) => go({ page: p })} />
        </>
      )}
    </div>
  );
}

function AssessmentRow({ item }: { item: AssessmentListItem }) {
  const done = item.status === 'submitted';
  return (
    <Card size="small" styles={{ body: { padding: 16 } }}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {item.title}
            </Typography.Text>
            <Tag variant="filled">{item.kind === 'plan' ? '测评方案' : '量表'}</Tag>
            <Tag color={done ? 'green' : 'blue'}>{done ? '已完成' : '进行中'}</Tag>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {done && item.submittedAt
              ? `完成于 ${formatDateTime(item.submittedAt)}`
              : `开始于 ${formatDateTime(item.startedAt)}`}
          </Typography.Text>
          {done && item.summary.length > 0 && (
            <Flex gap={6} wrap style={{ marginTop: 8 }} aria-label="结果摘要">
              {item.summary.map((label, i) => (
                <BandTag key={i} label={label} />
              ))}
            </Flex>
          )}
        </div>
        {done ? (
          <Link to={`/user/paper/detail?id=${item.id}`}>
            <Button>查看结果</Button>
          </Link>
        ) : (
          <Link to={withAid(flowPaths.steps, item.id)}>
            <Button type="primary">继续测评</Button>
          </Link>
        )}
      </Flex>
    </Card>
  );
}
