import type { Config } from './config';
import type { Database } from './db/client';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/events';
import { createAgendaService } from './modules/agenda/agenda.service';
import { createAuditService } from './modules/audit/audit.service';
import { bookingsAgenda } from './modules/bookings/bookings.agenda';
import { chatAgenda } from './modules/chat/chat.agenda';
import { cooperationsAgenda } from './modules/cooperations/cooperations.agenda';
import { feedbackAgenda } from './modules/feedback/feedback.agenda';
import { feedbackRecordSource } from './modules/feedback/feedback.record';
import { reportsAgenda } from './modules/reports/reports.agenda';
import { transfersAgenda } from './modules/transfers/transfers.agenda';
import { warningsAgenda } from './modules/warnings/warnings.agenda';
import { createAuthService } from './modules/auth/auth.service';
import { createSessionService } from './modules/auth/session.service';
import type { SmsProvider } from './modules/auth/sms.provider';
import { createSmsService } from './modules/auth/sms.service';
import type { ImageSigner } from './modules/chat/chat.presenter';
import { createChatService } from './modules/chat/chat.service';
import { courseSearch } from './modules/courses/courses.search';
import { createCoursesService } from './modules/courses/courses.service';
import { createAssessmentsService } from './modules/assessments/assessments.service';
import { createAssignmentsService } from './modules/assignments/assignments.service';
import { createAvailabilityService } from './modules/availability/availability.service';
import { createBookingsService } from './modules/bookings/bookings.service';
import { createPlansService } from './modules/plans/plans.service';
import { createReportsService } from './modules/reports/reports.service';
import { createReviewService } from './modules/review/review.service';
import { scaleSearch } from './modules/scales/scales.search';
import { createScalesService } from './modules/scales/scales.service';
import { createWarningsService } from './modules/warnings/warnings.service';
import { createStatisticsService } from './modules/statistics/statistics.service';
import { subscribeLiveWarnings } from './modules/statistics/statistics.live';
import { createExpertsService } from './modules/experts/experts.service';
import { expertSearch } from './modules/experts/experts.search';
import { createBannersService } from './modules/banners/banners.service';
import { createNewsService } from './modules/news/news.service';
import { newsSearch } from './modules/news/news.search';
import { createTweetsService } from './modules/tweets/tweets.service';
import { createTransfersService } from './modules/transfers/transfers.service';
import { createCooperationsService } from './modules/cooperations/cooperations.service';
import { createSessionNotesService } from './modules/session-notes/session-notes.service';
import { createRecordsService } from './modules/records/records.service';
import { createFeedbackService } from './modules/feedback/feedback.service';
import { createOrgService } from './modules/org/org.service';
import { createCampaignsService } from './modules/campaigns/campaigns.service';
import { subscribeCampaignSms } from './modules/campaigns/campaigns.sms';
import { createCampaignWarnings, subscribeWarningRouting } from './modules/campaigns/campaigns.routing';
import { tweetSearch } from './modules/tweets/tweets.search';
import { activitySearch, planSearch } from './modules/plans/plans.search';
import { createHomeService } from './modules/home/home.service';
import { createUploadsService } from './modules/uploads/uploads.service';
import { createConsultationsService } from './modules/consultations/consultations.service';
import { createOrdersService } from './modules/orders/orders.service';
import type { PaymentProvider } from './modules/orders/payment-provider';
import { subscribeNotificationRules } from './modules/notifications/notification-rules';
import { createNotificationsService } from './modules/notifications/notifications.service';
import type { Hub } from './realtime/hub';
import { institutionSearch } from './modules/institutions/institutions.search';
import { createInstitutionsService } from './modules/institutions/institutions.service';
import { createSearchService } from './modules/search/search.service';
import path from 'node:path';
import type { Storage } from './modules/uploads/storage';
import { createUsersService } from './modules/users/users.service';
import { createCatalogueCache } from './lib/catalogue-cache';
import { createPersonalCache } from './lib/personal-cache';

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
  paymentProviders: Record<string, PaymentProvider>;
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
  paymentProviders,
}: ServiceDeps) {
  const { db } = database;
  const catalogue = createCatalogueCache({ ttlMs: config.catalogueCacheMs });
  const personal = createPersonalCache({ ttlMs: config.personalCacheMs, now: () => clock().getTime() });
  const audit = createAuditService({ clock });
  const sessions = createSessionService({
    db,
    clock,
    events,
    idleMs: config.session.idleMs,
    absoluteMs: config.session.absoluteMs,
    cacheMs: config.session.cacheMs,
  });
  const sms = createSmsService({ db, clock, secret, provider: smsProvider });
  const search = createSearchService({ db, catalogue });
  search.register(expertSearch);
  search.register(institutionSearch);
  const notifications = createNotificationsService({ db, clock, hub });
  const institutions = createInstitutionsService({ db, catalogue });
  const users = createUsersService({ db, storage, audit, institutions });
  // Experts show their free slots; publishing slots needs an expert profile: each asks the other.
  const availability = createAvailabilityService({
    db,
    clock,
    profiles: { requireProfile: (expertId) => experts.requireProfile(expertId) },
  });
  const experts = createExpertsService({
    db,
    clock,
    institutions,
    freeSlots: availability.freeSlots,
    catalogue,
  });
  const orders = createOrdersService({
    db,
    clock,
    events,
    providers: paymentProviders,
    defaultProvider: Object.keys(paymentProviders)[0] ?? 'none',
  });
  const bookings = createBookingsService({
    db,
    clock,
    events,
    orders,
    availability,
    experts,
    rules: config.booking,
    personal,
  });
  // Scales and report approvals are reviewed through one workflow (review_requests).
  const review = createReviewService({ db, clock, events });
  const scales = createScalesService({ db, review, catalogue });
  const plans = createPlansService({ db, clock, catalogue });
  const warnings = createWarningsService({ db, clock, events, escalateAfterMs: config.warningEscalateMs });
  const assessments = createAssessmentsService({ db, clock, scales, plans, warnings, audit, personal });
  const assignments = createAssignmentsService({ clock });
  // Plugs itself into review (kind 'transfer'); approval moves assignments and open warnings.
  const transfers = createTransfersService({ db, clock, events, review, assessments, warnings, assignments });
  const cooperations = createCooperationsService({ db, clock, events, assessments });
  const sessionNotes = createSessionNotesService({ db, clock });
  // The person's record reads every domain's part; later parts (feedback) join with registerSource.
  const records = createRecordsService({
    db,
    clock,
    audit,
    assessments,
    warnings,
    sessionNotes,
    transfers,
    cooperations,
  });
  // Plugs itself into orders (the course Fulfiller) and review (kind 'course').
  const courses = createCoursesService({
    db,
    clock,
    events,
    orders,
    review,
    storage,
    videoDir: path.join(config.privateDir, 'course-videos'),
    secret,
    signedUrlTtlMs: config.signedUrlTtlMs,
    catalogue,
  });
  // Plugs itself into assessments (report access) and orders (the report Fulfiller); recommends
  // experts and courses.
  const reports = createReportsService({ db, clock, orders, review, assessments, experts, courses });
  // Each kind's owner answers for its objects: whose, which expert handles it, whether it is ready.
  const feedback = createFeedbackService({
    db,
    clock,
    events,
    subjects: {
      booking: (tx, id) => bookings.feedbackSubject(tx, id),
      report: (tx, id) => reports.feedbackSubject(tx, id),
      course: (tx, id, userId) => courses.feedbackSubject(tx, id, userId),
    },
  });
  // Content images are checked to exist before an article, tweet or banner may show them.
  const uploads = createUploadsService({ storage });
  const news = createNewsService({ db, clock, uploads, catalogue });
  const tweets = createTweetsService({ db, review, uploads, catalogue });
  const banners = createBannersService({ db, uploads, catalogue });
  search.register(scaleSearch);
  search.register(courseSearch);
  search.register(planSearch);
  search.register(activitySearch);
  search.register(newsSearch(clock));
  search.register(tweetSearch);
  subscribeNotificationRules(events, notifications);
  // Screening campaigns start assessments through the ordinary flow; their notices go out as
  // in-app notifications (the rules above) and SMS through the provider.
  const campaigns = createCampaignsService({ db, clock, events, assessments, plans, scales, warnings });
  subscribeCampaignSms(events, smsProvider);
  assessments.useResultGate((ids) => campaigns.withheld(ids));
  // A campaign's warnings go to the staff of the person's unit, then up the units (the sweeper).
  const campaignWarnings = createCampaignWarnings({ db, clock, events, warnings });
  subscribeWarningRouting(events, campaignWarnings);
  const statistics = createStatisticsService({
    db,
    clock,
    audit,
    cacheMs: config.statsCacheMs,
    siteName: config.site.name,
    campaigns,
  });
  subscribeLiveWarnings(events, hub, statistics);
  const chat = createChatService({ db, clock, hub, privateStorage, signer, personal });
  // 今日待办 of the expert workbench: each domain brings its own section.
  const agenda = createAgendaService({ clock });
  agenda.register(warningsAgenda(db));
  agenda.register(bookingsAgenda(db));
  agenda.register(reportsAgenda(db));
  agenda.register(transfersAgenda(db));
  agenda.register(cooperationsAgenda(db));
  agenda.register(chatAgenda(chat));
  agenda.register(feedbackAgenda(db));
  records.registerSource(feedbackRecordSource);
  return {
    catalogue,
    personal,
    agenda,
    audit,
    notifications,
    institutions,
    experts,
    availability,
    orders,
    bookings,
    review,
    scales,
    plans,
    assessments,
    warnings,
    assignments,
    transfers,
    cooperations,
    sessionNotes,
    records,
    feedback,
    org: createOrgService({ db, clock, audit, users }),
    campaigns,
    campaignWarnings,
    reports,
    courses,
    statistics,
    chat,
    sessions,
    sms,
    auth: createAuthService({ db, clock, secret, events, audit, users, sessions, sms }),
    users,
    search,
    news,
    tweets,
    banners,
    home: createHomeService({ institutions, users }),
    uploads,
    consultations: createConsultationsService({ db, clock }),
  };
}
export type Services = ReturnType<typeof createServices>;
