import { Button } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { ActivityFrame } from '../components/activity-frame';
import { idParam } from '../components/flow';

/** 活动详情 (/activity/detail?id=): what the activity is and when; taking part goes to 活动报名. */
export function Component() {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  return (
    <ActivityFrame id={id}>
      {(a) =>
        a.phase === 'ongoing' ? (
          <Link to={`/activity/form?id=${a.id}`}>
            <Button type="primary" size="large">
              参加活动
            </Button>
          </Link>
        ) : (
          <Button size="large" disabled>
            {a.phase === 'upcoming' ? '活动尚未开始' : '活动已结束'}
          </Button>
        )
      }
    </ActivityFrame>
  );
}
