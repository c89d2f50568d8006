import {
  AppstoreOutlined,
  ApartmentOutlined,
  AuditOutlined,
  BarChartOutlined,
  FileSearchOutlined,
  LikeOutlined,
  NotificationOutlined,
  PictureOutlined,
  ReadOutlined,
  ScheduleOutlined,
  SwapOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { WorkbenchShell, type ShellEntry } from './workbench-shell';

/** The audit workbench menu; entries whose pages are not built yet stay hidden. */
const entries: ShellEntry[] = [
  { path: '/audit/work', label: '工作台', icon: <AppstoreOutlined /> },
  { path: '/audit/test/list', label: '量表审核', icon: <FileSearchOutlined />, also: ['/audit/test/detail'] },
  {
    path: '/audit/warning/list',
    label: '报告审批',
    icon: <AuditOutlined />,
    also: ['/audit/warning/detail'],
  },
  {
    path: '/audit/archives/list',
    label: '用户转介',
    icon: <SwapOutlined />,
    also: ['/audit/archives/detail'],
  },
  { path: '/audit/feedback/list', label: '反馈记录', icon: <LikeOutlined /> },
  { path: '/audit/org/units', label: '组织与名单', icon: <ApartmentOutlined /> },
  {
    path: '/audit/campaign/list',
    label: '筛查活动',
    icon: <ScheduleOutlined />,
    also: ['/audit/campaign/detail'],
  },
  { path: '/audit/tweet/list', label: '推文审核', icon: <ReadOutlined />, also: ['/audit/tweet/detail'] },
  {
    path: '/audit/news/list',
    label: '资讯管理',
    icon: <NotificationOutlined />,
    also: ['/audit/news/detail'],
  },
  { path: '/audit/banner/list', label: '首页轮播', icon: <PictureOutlined /> },
  {
    path: '/audit/course/list',
    label: '课程审核',
    icon: <VideoCameraOutlined />,
    also: ['/audit/course/detail'],
  },
  { path: '/audit/echartMap', label: '统计图表', icon: <BarChartOutlined /> },
  { path: '/audit/center', label: '个人中心', icon: <UserOutlined /> },
];

export function AuditLayout({ children }: { children: ReactNode }) {
  return (
    <WorkbenchShell title="管理员工作台" entries={entries}>
      {children}
    </WorkbenchShell>
  );
}
