import type { AssessmentListItem } from '@psy/contracts';
import { Button, Card, Empty, Flex, Segmented, Tag, Typography } from 'antd';
import { CardSkeleton } from '../../../components/page-states';
import { Pager } from '../../../components/pager';
import { Link } from 'react-router';
import { useLastPageClamp, useStatusPage } from '../../../lib/url-filters';
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
const statuses = filters.map((f) => f.value);
const PAGE_SIZE = 10;

/** 我的测评 (/user/paper/list): unfinished ones to continue, finished ones to look back on. */
export function Component() {
  const { status: filter, page, go } = useStatusPage(statuses);
  const { data, isPending, isError, isPlaceholderData, refetch } = useMyAssessments({
    pageNum: page,
    pageSize: PAGE_SIZE,
    status: filter === 'all' ? undefined : filter,
  });

  // A page past the end (an old link): step back to the last one.
  useLastPageClamp(data?.total, PAGE_SIZE, !isPlaceholderData);

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
        <Segmented<Filter> value={filter} options={options} onChange={(f) => go({ status: f })} />
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
          <Pager
            total={data.total}
            current={page}
            size={PAGE_SIZE}
            onChange={(p) => {
              go({ page: p });
              window.scrollTo({ top: 0 });
            }}
          />
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
