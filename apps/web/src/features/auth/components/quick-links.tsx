import {
  AlertOutlined,
  ApartmentOutlined,
  AuditOutlined,
  BellOutlined,
  CalendarOutlined,
  CommentOutlined,
  EyeOutlined,
  FileTextOutlined,
  FormOutlined,
  ScheduleOutlined,
  ShareAltOutlined,
  LikeOutlined,
  ShoppingOutlined,
  SwapOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { UserInfo } from '@psy/contracts';
import { Card, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { routeExists } from '../../../lib/route-exists';
import styles from './auth.module.css';

interface QuickLink {
  path: string;
  label: string;
  icon: ReactNode;
}

const forEveryone: QuickLink[] = [
  { path: '/user/paper/list', label: '我的测评', icon: <FormOutlined /> },
  { path: '/booking/list', label: '我的预约', icon: <CalendarOutlined /> },
  { path: '/user/orderInfo', label: '我的订单', icon: <ShoppingOutlined /> },
  { path: '/user/feedback', label: '我的反馈', icon: <LikeOutlined /> },
  { path: '/user/chart', label: '专家咨询', icon: <TeamOutlined /> },
  { path: '/sys/userChat', label: '在线咨询', icon: <CommentOutlined /> },
  { path: '/user/message', label: '消息中心', icon: <BellOutlined /> },
];
/** What only the people served have: confirming a transfer an expert proposed. */
const forUsers: QuickLink[] = [
  { path: '/user/userConfirm/list', label: '用户确认', icon: <SwapOutlined /> },
  { path: '/user/recordViews', label: '档案查阅记录', icon: <EyeOutlined /> },
];
const forExperts: QuickLink[] = [
  { path: '/expert/work', label: '专家工作台', icon: <AuditOutlined /> },
  { path: '/expert/warning/list', label: '预警管理', icon: <AlertOutlined /> },
  { path: '/expert/mybooking/list', label: '预约管理', icon: <CalendarOutlined /> },
  { path: '/expert/archives/cooperationList', label: '协作管理', icon: <ShareAltOutlined /> },
  { path: '/expert/archives/transferList', label: '转介管理', icon: <SwapOutlined /> },
  { path: '/expert/feedback/feedbackIndex', label: '反馈处理', icon: <LikeOutlined /> },
];
const forAuditors: QuickLink[] = [
  { path: '/audit/work', label: '管理员工作台', icon: <AuditOutlined /> },
  { path: '/audit/test/list', label: '量表审核', icon: <FileTextOutlined /> },
  { path: '/audit/archives/list', label: '用户转介', icon: <SwapOutlined /> },
  { path: '/audit/feedback/list', label: '反馈记录', icon: <LikeOutlined /> },
  { path: '/audit/org/units', label: '组织与名单', icon: <ApartmentOutlined /> },
  { path: '/audit/campaign/list', label: '筛查活动', icon: <ScheduleOutlined /> },
];

/** Shortcuts to the places an account uses most; only pages that exist are offered. */
export function QuickLinks({ user }: { user: UserInfo }) {
  const links = [
    ...(user.role === 'expert' ? forExperts : []),
    ...(user.role === 'auditor' || user.role === 'admin' ? forAuditors : []),
    ...forEveryone,
    ...(user.role === 'user' ? forUsers : []),
  ].filter((l) => routeExists(l.path));
  if (!links.length) return null;
  return (
    <Card title="常用功能">
      <Row gutter={[12, 12]}>
        {links.map((l) => (
          <Col key={l.path} xs={8} sm={6} md={4}>
            <Link to={l.path} className={styles.quickLink}>
              <span className={styles.quickIcon}>{l.icon}</span>
              <span>{l.label}</span>
            </Link>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
