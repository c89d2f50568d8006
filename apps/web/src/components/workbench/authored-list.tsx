import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { CardSkeleton, EmptyCard, LoadError } from '../page-states';
import { StatusFilter } from './status-filter';
import { WorkbenchLayout } from './workbench-layout';
import { WorkbenchHead } from './workbench-shell';

/**
 * An expert's own works (量表, 课程): the head with the 新建 button, the states of the load,
 * the works filtered by status with each status's count, and a row for each.
 */
export function AuthoredList<T extends { id: number; status: string }>(props: {
  title: string;
  sub: string;
  /** The 新建 button: its label and the editor it opens. */
  create: { label: string; to: string };
  query: { data?: T[]; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** For the load error: 课程列表 → 课程列表加载失败. */
  what: string;
  /** What the page says before the first work. */
  empty: string;
  /** What a status with no works says. */
  noneOfStatus: string;
  /** The statuses to filter by (全部 comes first of itself). */
  statuses: { value: T['status']; label: string }[];
  row: (item: T) => ReactNode;
}) {
  type Filter = T['status'] | 'all';
  const navigate = useNavigate();
  const { data, isPending, isError, error, refetch } = props.query;
  const [filter, setFilter] = useState<Filter>('all');
  const count = (f: Filter) => (f === 'all' ? data?.length : data?.filter((s) => s.status === f).length) ?? 0;
  const shown = data?.filter((s) => filter === 'all' || s.status === filter) ?? [];
  const newButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(props.create.to)}>
      {props.create.label}
    </Button>
  );
  return (
    <WorkbenchLayout>
      <WorkbenchHead title={props.title} sub={props.sub} extra={newButton} />
      {isPending ? (
        <CardSkeleton />
      ) : isError || !data ? (
        <LoadError error={error} what={props.what} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyCard text={props.empty} action={newButton} />
      ) : (
        <Card>
          <StatusFilter<Filter>
            value={filter}
            onChange={setFilter}
            count={count}
            options={[{ value: 'all', label: '全部' }, ...props.statuses]}
          />
          {shown.length === 0 ? (
            <Typography.Paragraph type="secondary" style={{ padding: '24px 0', textAlign: 'center' }}>
              {props.noneOfStatus}
            </Typography.Paragraph>
          ) : (
            shown.map(props.row)
          )}
        </Card>
      )}
    </WorkbenchLayout>
  );
}
