import { Alert, Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { CardSkeleton, queryStates } from '../../../components/page-states';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import { useMyProfile } from '../api/my-profile';
import { ProfileForm } from '../components/profile-form';
import { WeekCalendar } from '../components/week-calendar';
import { WeeklyTemplates } from '../components/weekly-templates';

/** 预约时间 (/expert/management): the week's slots, the weekly openings and the public profile. */
export function Component() {
  const query = useMyProfile();
  const profile = query.data;
  const [tab, setTab] = useState('calendar');

  const state = queryStates(query, {
    notFound: { title: '资料不存在' },
    notFoundStatuses: [],
    failed: '资料加载失败',
    skeleton: <CardSkeleton rows={10} />,
  });
  if (state || profile === undefined) return <WorkbenchLayout>{state?.view}</WorkbenchLayout>;

  const canPublish = !!profile;
  const minutes = profile?.sessionMinutes ?? 50;
  const modes = profile?.modes ?? [];
  // Slots need a price and a profile to be bookable: the server refuses them before that.
  const needProfile = !profile && (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title="请先完善咨询资料（价格、擅长领域等），之后才能发布可预约时段"
      action={
        <Button size="small" type="primary" onClick={() => setTab('profile')}>
          去完善
        </Button>
      }
    />
  );

  return (
    <WorkbenchLayout>
      <WorkbenchHead title="预约时间" sub="管理可预约时段与咨询资料，所有时间均为北京时间" />
      <Card styles={{ body: { paddingTop: 8 } }}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'calendar',
              label: '时段日历',
              children: (
                <>
                  {needProfile}
                  <WeekCalendar defaultMinutes={minutes} modes={modes} canPublish={canPublish} />
                </>
              ),
            },
            {
              key: 'templates',
              label: '每周固定时段',
              children: (
                <>
                  {needProfile}
                  <WeeklyTemplates defaultMinutes={minutes} modes={modes} canPublish={canPublish} />
                </>
              ),
            },
            { key: 'profile', label: '咨询资料', children: <ProfileForm profile={profile} /> },
          ]}
        />
      </Card>
    </WorkbenchLayout>
  );
}
