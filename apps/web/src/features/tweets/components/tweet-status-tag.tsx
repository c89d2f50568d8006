import { tweetStatusLabels, type TweetStatus } from '@psy/contracts';
import { Tag } from 'antd';

const colors: Record<TweetStatus, string> = {
  draft: 'default',
  pending: 'processing',
  published: 'green',
  rejected: 'red',
};

export function TweetStatusTag({ status }: { status: TweetStatus }) {
  return <Tag color={colors[status]}>{tweetStatusLabels[status]}</Tag>;
}
