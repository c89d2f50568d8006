import { Button, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { ActivityFrame } from '../components/activity-frame';
import { idParam } from '../components/flow';
import { useStartAndGo } from '../components/use-start';

/**
 * 活动报名 (/activity/form?id=): joining starts the assessment for the activity; the
 * activity's own participant fields are asked in the basic-info step that follows.
 */
export function Component() {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const starter = useStartAndGo();
  return (
    <ActivityFrame id={id}>
      {(a) => (
        <>
          {a.phase !== 'ongoing' && (
            <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
              {a.phase === 'upcoming' ? '活动开始后即可参加' : '活动已结束，感谢关注'}
            </Typography.Text>
          )}
          <Button
            type="primary"
            size="large"
            disabled={a.phase !== 'ongoing'}
            loading={starter.pending}
            onClick={() => starter.go({ activityId: a.id })}
          >
            立即参加
          </Button>
        </>
      )}
    </ActivityFrame>
  );
}
