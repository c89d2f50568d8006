import {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  EditOutlined,
  FileTextOutlined,
  LikeOutlined,
  ProfileOutlined,
  ShareAltOutlined,
  SwapOutlined,
  TeamOutlined,
  UserOutlined,
  VideoCameraOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { WorkbenchShell, type ShellEntry } from './workbench-shell';

/** The expert workbench menu, shared by every /expert/* workbench page. */
const entries: ShellEntry[] = [
  { path: '/expert/work', label: '工作台', icon: <AppstoreOutlined /> },
  {
    path: '/expert/paper/list',
    label: '我的量表',
    icon: <FileTextOutlined />,
    also: ['/expert/paper/detail'],
  },
  { path: '/expert/other', label: '他人测评', icon: <ProfileOutlined /> },
  {
    path: '/expert/test/list',
    label: '用户测评',
    icon: <TeamOutlined />,
    also: ['/expert/test/transfer', '/expert/test/detail', '/expert/archives/record'],
  },
  {
    path: '/expert/warning/list',
    label: '预警管理',
    icon: <AlertOutlined />,
    also: ['/expert/warning/detail', '/expert/warning/status'],
  },
  {
    path: '/expert/archives/cooperationList',
    label: '协作管理',
    icon: <ShareAltOutlined />,
    also: ['/expert/archives/cooperationDetail'],
  },
  {
    path: '/expert/archives/transferList',
    label: '转介管理',
    icon: <SwapOutlined />,
    also: ['/expert/archives/transferDetail'],
  },
  {
    path: '/expert/feedback/feedbackIndex',
    label: '反馈处理',
    icon: <LikeOutlined />,
    also: ['/expert/feedback/feedbackDetail'],
  },
  {
    path: '/expert/archives/approvalList',
    label: '报告审批',
    icon: <AuditOutlined />,
    also: ['/expert/archives/approvalDetail'],
  },
  {
    path: '/expert/mybooking/list',
    label: '预约管理',
    icon: <CalendarOutlined />,
    also: ['/expert/mybooking/detail'],
  },
  { path: '/expert/management', label: '预约时间', icon: <ClockCircleOutlined /> },
  {
    path: '/expert/course/list',
    label: '课程管理',
    icon: <VideoCameraOutlined />,
    also: ['/expert/course/detail'],
  },
  { path: '/expert/course/buyList', label: '购买记录', icon: <WalletOutlined /> },
  { path: '/expert/tweet', label: '个人推文', icon: <EditOutlined />, also: ['/expert/tweet/detail'] },
  { path: '/expert/org/units', label: '组织与名单', icon: <ApartmentOutlined /> },
  { path: '/expert/echartMap', label: '统计图表', icon: <BarChartOutlined /> },
  { path: '/expert/center', label: '个人中心', icon: <UserOutlined /> },
];

export function WorkbenchLayout({ children }: { children: ReactNode }) {
  return (
    <WorkbenchShell title="专家工作台" entries={entries}>
      {children}
    </WorkbenchShell>
  );
}
