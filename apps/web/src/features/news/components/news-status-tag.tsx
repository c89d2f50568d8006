import { newsStatusLabels, type NewsStatus } from '@psy/contracts';
import { Tag } from 'antd';

const colors: Record<NewsStatus, string> = {
  draft: 'default',
  scheduled: 'purple',
  published: 'green',
  offline: 'red',
};

export function NewsStatusTag({ status }: { status: NewsStatus }) {
  return <Tag color={colors[status]}>{newsStatusLabels[status]}</Tag>;
}
