import {
  bookingStatusLabels,
  contentStatusLabels,
  courseStatusLabels,
  orderStatusLabels,
  type BookingStatus,
  type ContentStatus,
  type OrderStatus,
} from '@psy/contracts';
import { Tag } from 'antd';

/**
 * Every status as a coloured tag, for all pages that show one (the same colour for the same
 * state everywhere). The warning and report states are spelled out here until the contracts
 * carry them; the workbench API's types are the same unions.
 */
type WarningLevel = 1 | 2 | 3;
type WarningStatus = 'pending' | 'following' | 'closed';
type ReportStatus = 'generated' | 'approved' | 'returned';

const contentColors: Record<ContentStatus, string> = {
  draft: 'default',
  pending_review: 'processing',
  published: 'success',
  rejected: 'error',
  offline: 'warning',
};

export function ScaleStatusTag({ status }: { status: ContentStatus }) {
  return <Tag color={contentColors[status]}>{contentStatusLabels[status]}</Tag>;
}

/** A course's state in the words of the course pages: 草稿 / 审核中 / 已上架 / 已驳回 / 已下架. */
export function CourseStatusTag({ status }: { status: ContentStatus }) {
  return <Tag color={contentColors[status]}>{courseStatusLabels[status]}</Tag>;
}

export const warningLevelLabels: Record<WarningLevel, string> = { 3: '高', 2: '中', 1: '低' };
const levelColors: Record<WarningLevel, string> = { 3: 'red', 2: 'orange', 1: 'gold' };

/** 高 / 中 / 低 in red, orange and gold (level 3 is the most urgent). */
export function WarningLevelTag({ level, suffix = '危' }: { level: WarningLevel; suffix?: string }) {
  return <Tag color={levelColors[level]}>{`${warningLevelLabels[level]}${suffix}`}</Tag>;
}

export const warningStatusLabels: Record<WarningStatus, string> = {
  pending: '待处理',
  following: '跟进中',
  closed: '已关闭',
};
const warningStatusColors: Record<WarningStatus, string> = {
  pending: 'error',
  following: 'processing',
  closed: 'default',
};

export function WarningStatusTag({ status }: { status: WarningStatus }) {
  return <Tag color={warningStatusColors[status]}>{warningStatusLabels[status]}</Tag>;
}

export const reportStatusLabels: Record<ReportStatus, string> = {
  generated: '待审批',
  approved: '已通过',
  returned: '已退回',
};
const reportColors: Record<ReportStatus, string> = {
  generated: 'processing',
  approved: 'success',
  returned: 'warning',
};

export function ReportStatusTag({ status }: { status: ReportStatus }) {
  return <Tag color={reportColors[status]}>{reportStatusLabels[status]}</Tag>;
}

const bookingColors: Record<BookingStatus, string> = {
  pending_payment: 'orange',
  confirmed: 'green',
  completed: 'blue',
  no_show: 'volcano',
  cancelled: 'default',
};

export function BookingStatusTag({ status }: { status: BookingStatus }) {
  return <Tag color={bookingColors[status]}>{bookingStatusLabels[status]}</Tag>;
}

const orderColors: Record<OrderStatus, string> = {
  unpaid: 'orange',
  paid: 'green',
  refunding: 'processing',
  refunded: 'purple',
  cancelled: 'default',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return <Tag color={orderColors[status]}>{orderStatusLabels[status]}</Tag>;
}
