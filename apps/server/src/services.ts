import type { Config } from './config';
import type { Database } from './db/client';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/events';
import { createAuditService } from './modules/audit/audit.service';
import { createAuthService } from './modules/auth/auth.service';
import { createSessionService } from './modules/auth/session.service';
import type { SmsProvider } from './modules/auth/sms.provider';
import { createSmsService } from './modules/auth/sms.service';
import { createHomeService } from './modules/home/home.service';
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
  return {
    audit,
    sessions,
    sms,
    auth: createAuthService({ db, clock, secret, events, audit, sessions, sms }),
    users: createUsersService({ db, storage, audit }),
    search,
    home: createHomeService({ db }),
  };
}
export type Services = ReturnType<typeof createServices>;
