import { Button, Card, Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api';

/** A load that failed: a 404 says so plainly, anything else offers a retry. */
export function LoadError({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  // No error means the page was opened without a usable ?id=.
  if (!error || (error instanceof ApiError && error.status === 404)) {
    return (
      <Result
        status="404"
        title={`${what}不存在`}
        subTitle={error instanceof ApiError ? error.message : '链接不完整或已失效，请从列表重新进入'}
      />
    );
  }
  return (
    <Result
      status="warning"
      title={`${what}加载失败`}
      subTitle={error instanceof ApiError ? error.message : '可能是网络不稳定，请稍后重试'}
      extra={<Button onClick={onRetry}>重新加载</Button>}
    />
  );
}

export function CardSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Card>
      <Skeleton active paragraph={{ rows }} />
    </Card>
  );
}

export function EmptyCard({ text, action }: { text: ReactNode; action?: ReactNode }) {
  return (
    <Card>
      <Empty description={text}>{action}</Empty>
    </Card>
  );
}

/** The ?id= of a detail page, or 0 when missing or malformed. */
export function idParam(search: URLSearchParams): number {
  const id = Number(search.get('id'));
  return Number.isInteger(id) && id > 0 ? id : 0;
}
