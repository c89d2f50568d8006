// The notifications module as other modules see it. Domains do not call it: they emit events,
// and notification-rules.ts turns them into notifications.
export type { NewNotification, NotificationsService } from './notifications.service';
