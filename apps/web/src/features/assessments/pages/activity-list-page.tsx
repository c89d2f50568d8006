import type { ActivitySummary } from '@psy/contracts';
import { Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useActivityList } from '../api/catalog';
import { ActivityCard } from '../components/cards';
import { WideCards } from '../components/states';

type PhaseFilter = ActivitySummary['phase'] | 'all';

const phaseOptions: { label: string; value: PhaseFilter }[] = [
  { label: '全部', value: 'all' },
  { label: '进行中', value: 'ongoing' },
  { label: '未开始', value: 'upcoming' },
  { label: '已结束', value: 'ended' },
];

/** 活动量表 (/activity/list): time-boxed assessments run by institutions. */
export function Component() {
  const query = useActivityList();
  const [phase, setPhase] = useState<PhaseFilter>('all');
  const shown = query.data?.filter((a) => phase === 'all' || a.phase === phase) ?? [];
  return (
    <div className="page-container">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        活动量表
      </Typography.Title>
      <Segmented<PhaseFilter>
        value={phase}
        options={phaseOptions}
        onChange={setPhase}
        style={{ marginBottom: 16 }}
      />
      <WideCards
        query={query}
        list={shown}
        failed="活动加载失败"
        empty={phase === 'all' ? '暂无测评活动' : '没有此状态的活动'}
      >
        {(a) => <ActivityCard activity={a} />}
      </WideCards>
    </div>
  );
}
