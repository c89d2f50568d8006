import {
  AlertOutlined,
  AuditOutlined,
  CalendarOutlined,
  CommentOutlined,
  MessageOutlined,
  SwapOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { AgendaKey } from '@psy/contracts';
import type { ReactNode } from 'react';

export interface AgendaMeta {
  label: string;
  icon: ReactNode;
  color: string;
  /** The list page the section's card leads to. */
  list: string;
  /** The page of one item. */
  item: (id: number) => string;
  empty: string;
  /** What the section's urgent count means, e.g. 高危或已超时. */
  urgent: string;
}

/** How the workbench shows each section of 今日待办 (the server sends keys, counts and items). */
export const agendaMeta: Record<AgendaKey, AgendaMeta> = {
  warnings: {
    label: '待处理预警',
    icon: <AlertOutlined />,
    color: '#f5222d',
    list: '/expert/warning/list',
    item: (id) => `/expert/warning/detail?id=${id}`,
    empty: '没有待处理的预警',
    urgent: '高危或已超时',
  },
  bookings: {
    label: '今日预约',
    icon: <CalendarOutlined />,
    color: '#722ed1',
    list: '/expert/mybooking/list',
    item: (id) => `/expert/mybooking/detail?id=${id}`,
    empty: '今天没有预约',
    urgent: '一小时内开始',
  },
  reports: {
    label: '待审批报告',
    icon: <AuditOutlined />,
    color: '#fa8c16',
    list: '/expert/archives/approvalList',
    item: (id) => `/expert/archives/approvalDetail?id=${id}`,
    empty: '没有待审批的报告',
    urgent: '等待超过一天',
  },
  transfers: {
    label: '转介动态',
    icon: <SwapOutlined />,
    color: '#1677ff',
    list: '/expert/archives/transferList',
    item: (id) => `/expert/archives/transferDetail?id=${id}`,
    empty: '近 7 天没有需要跟进的转介',
    urgent: '需要跟进',
  },
  cooperations: {
    label: '协作邀请',
    icon: <TeamOutlined />,
    color: '#13a8a8',
    list: '/expert/archives/cooperationList',
    item: (id) => `/expert/archives/cooperationDetail?id=${id}`,
    empty: '没有等待回复的协作邀请',
    urgent: '等待你回复',
  },
  chats: {
    label: '未读会话',
    icon: <MessageOutlined />,
    color: '#52c41a',
    list: '/sys/userChat',
    item: (id) => `/sys/userChat?chatId=${id}`,
    empty: '没有未读消息',
    urgent: '等待回复',
  },
  feedback: {
    label: '待处理反馈',
    icon: <CommentOutlined />,
    color: '#eb2f96',
    list: '/expert/feedback/feedbackIndex',
    item: (id) => `/expert/feedback/feedbackDetail?id=${id}`,
    empty: '没有待处理的反馈',
    urgent: '低分反馈',
  },
};
