import { Alert, Button, Card, Space, Tabs } from 'antd';
import { Link } from 'react-router';
import { ExpertAvatar } from '../../../components/expert-avatar';
import { useSession } from '../../../lib/session';
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
            {
              key: 'profile',
              label: '咨询资料',
              children: (
                <>
                  <PhotoNote />
                  <ProfileForm profile={profile} />
                </>
              ),
            },
          ]}
        />
      </Card>
    </WorkbenchLayout>
  );
}

/** The photo visitors see on the expert list and page: uploaded in 个人信息, like every account's avatar. */
function PhotoNote() {
  const user = useSession((s) => s.userInfo);
  if (!user) return null;
  const avatar = user.expertInfo.avatar;
  return (
    <Alert
      type={avatar ? 'success' : 'info'}
      showIcon={false}
      style={{ marginBottom: 16 }}
      data-testid="expert-photo-note"
      title={
        <Space wrap>
          <ExpertAvatar expert={{ id: user.id, name: user.name, avatar }} size={48} />
          <span>
            {avatar
              ? '来访者在专家列表和主页上看到的是这张照片。'
              : '还没有上传照片，来访者看到的是姓氏头像。上传一张清晰的正面照，更容易获得信任。'}
          </span>
          <Link to="/sys/account">{avatar ? '更换照片' : '上传照片'}</Link>
        </Space>
      }
    />
  );
}
