import type { Config } from './config';
import type { Database } from './db/client';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/events';
import { createAuditService } from './modules/audit/audit.service';
import { createAuthService } from './modules/auth/auth.service';
import { createSessionService } from './modules/auth/session.service';
import type { SmsProvider } from './modules/auth/sms.provider';
import { createSmsService } from './modules/auth/sms.service';
import type { ImageSigner } from './modules/chat/chat.presenter';
import { createChatService } from './modules/chat/chat.service';
import { createHomeService } from './modules/home/home.service';
import { subscribeNotificationRules } from './modules/notifications/notification-rules';
import { createNotificationsService } from './modules/notifications/notifications.service';
import type { Hub } from './realtime/hub';
import { institutionSearch } from './modules/institutions/institutions.search';
import { createSearchService } from './modules/search/search.service';
import type { Storage } from './modules/uploads/storage';
import { expertSearch } from './modules/users/users.search';
import { createUsersService } from './modules/users/users.service';

export interface ServiceDeps {
  config: Config;
  database: Database;
  clock: Clock;
  events: EventBus;
  secret: Buffer;
  sms: SmsProvider;
  storage: Storage;
  privateStorage: Storage;
  hub: Hub;
  signer: ImageSigner;
}

/** The one place where services are created and given their dependencies. */
export function createServices({
  config,
  database,
  clock,
  events,
  secret,
  sms: smsProvider,
  storage,
  privateStorage,
  hub,
  signer,
}: ServiceDeps) {
  const { db } = database;
  const audit = createAuditService({ clock });
  const sessions = createSessionService({
    db,
    clock,
    events,
    idleMs: config.session.idleMs,
    absoluteMs: config.session.absoluteMs,
  });
  const sms = createSmsService({ db, clock, secret, provider: smsProvider });
  const search = createSearchService({ db });
  search.register(expertSearch);
  search.register(institutionSearch);
  const notifications = createNotificationsService({ db, clock, hub });
  subscribeNotificationRules(events, notifications);
  return {
    audit,
    notifications,
    chat: createChatService({ db, clock, hub, privateStorage, signer }),
    sessions,
    sms,
    auth: createAuthService({ db, clock, secret, events, audit, sessions, sms }),
    users: createUsersService({ db, storage, audit }),
    search,
    home: createHomeService({ db }),
  };
}
export type Services = ReturnType<typeof createServices>;
