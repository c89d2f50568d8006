// Every table of every domain, for Drizzle's relational queries and drizzle-kit.
export * from '../modules/institutions/institutions.table';
export * from '../modules/users/users.table';
export * from '../modules/settings/settings.table';
export * from '../modules/auth/auth.table';
export * from '../modules/audit/audit.table';
export * from '../modules/chat/chat.table';
export * from '../modules/notifications/notifications.table';
export * from '../modules/experts/experts.table';
export * from '../modules/orders/orders.table';
export * from '../modules/bookings/bookings.table';
export * from '../modules/scales/scales.table';
export * from '../modules/plans/plans.table';
export * from '../modules/assessments/assessments.table';
export * from '../modules/warnings/warnings.table';
export * from '../modules/reports/reports.table';
export * from '../modules/review/review.table';
export * from '../modules/outbox/outbox.table';
