/**
 * The public catalogue lists (experts, institutions, scales, plans, courses, news, tweets, the
 * home carousel), the public scale and plan pages and the search, held in memory between the
 * writes that change them. Every visitor opens these lists first, and each answer costs several
 * correlated subqueries (next free slot, taker counts, ratings); on PGlite every query waits its
 * turn in one thread, so they were the slowest routes of the product (docs/performance.md).
 *
 * Freshness comes from the database, not from the services: triggers on every table a list
 * reads (migrations 0018_catalogue_notify, 0030_tweets_catalogue and
 * 0035_institutions_banners_catalogue) NOTIFY `psy_catalogue` with the list's topic when the
 * writing transaction commits, and every server instance listening drops that topic's answers.
 * So a slot taken, a price changed or a scale withdrawn is never served from memory once its
 * transaction has committed and the notice has arrived (at once on PGlite, which delivers it
 * before the commit returns; a few milliseconds later on PostgreSQL, over the listening
 * connection). The time-to-live bounds what no write announces: the passing of time (a slot
 * that has started, news whose publishing time has come).
 *
 * Until `start` has its listener, and with a ttl of 0, nothing is cached.
 */
import { noticeSubscription, type Listen } from './notices';

export const catalogueTopics = [
  'experts',
  'institutions',
  'scales',
  'plans',
  'courses',
  'news',
  'tweets',
  'banners',
  'search',
] as const;
/**
 * The platform search reads every other topic's tables, so a notice of any topic drops its
 * answers too (it has no trigger of its own).
 */
const DEPENDS_ON_ALL: CatalogueTopic = 'search';
export type CatalogueTopic = (typeof catalogueTopics)[number];

/**
 * Answers handed out from memory: the same object to every caller, never changed once loaded.
 * The reply serializer keeps the JSON it made of one (lib/shared-serializer.ts), so a list served
 * from memory is also checked against its schema and stringified once, not per request.
 */
const sharedAnswers = new WeakSet<object>();
export function isSharedAnswer(value: unknown): value is object {
  return typeof value === 'object' && value !== null && sharedAnswers.has(value);
}
/** Marks an answer that will be handed out again unchanged (the personal cache's too). */
export function shareAnswer(value: object): void {
  sharedAnswers.add(value);
}

/** The channel the triggers notify; the payload is a topic. */
export const CATALOGUE_CHANNEL = 'psy_catalogue';

export interface CatalogueCache {
  /** The answer for `key` of `topic`, from memory while no write has changed it. */
  get<T>(topic: CatalogueTopic, key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets a topic's answers (what a notice does). */
  invalidate(topic: CatalogueTopic): void;
  /** Listens for the triggers' notices; caching starts once the listener is in place. */
  start(listen: Listen): Promise<void>;
  stop(): Promise<void>;
  /** Answers held now, per topic (tests and the bench read it). */
  sizes(): Record<CatalogueTopic, number>;
}

export interface CatalogueCacheOptions {
  ttlMs: number;
  /** Keys per topic: the oldest goes first, so a stream of different filters cannot grow it. */
  maxEntriesPerTopic?: number;
  now?: () => number;
}

export function createCatalogueCache({
  ttlMs,
  maxEntriesPerTopic = 200,
  now = Date.now,
}: CatalogueCacheOptions): CatalogueCache {
  const topics = new Map<CatalogueTopic, Map<string, { at: number; promise: Promise<unknown> }>>(
    catalogueTopics.map((t) => [t, new Map()]),
  );
  const invalidate = (topic: CatalogueTopic) => {
    topics.get(topic)!.clear();
    topics.get(DEPENDS_ON_ALL)!.clear();
  };
  const subscription = noticeSubscription(CATALOGUE_CHANNEL, {
    notice(payload) {
      const topic = catalogueTopics.find((t) => t === payload);
      if (topic) invalidate(topic);
      else for (const t of catalogueTopics) invalidate(t);
    },
    forgetAll: () => catalogueTopics.forEach(invalidate),
  });

  return {
    get<T>(topic: CatalogueTopic, key: string, load: () => Promise<T>): Promise<T> {
      if (!subscription.listening || ttlMs <= 0) return load();
      const entries = topics.get(topic)!;
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.promise as Promise<T>;
      entries.delete(key);
      while (entries.size >= maxEntriesPerTopic) entries.delete(entries.keys().next().value!);
      // Stored before it settles, so concurrent callers share one load; a notice that comes
      // while it runs clears the map, so an answer begun before a write is never kept after it.
      const promise = load().then((value) => {
        if (typeof value === 'object' && value !== null) sharedAnswers.add(value);
        return value;
      });
      entries.set(key, { at: now(), promise });
      promise.catch(() => {
        if (entries.get(key)?.promise === promise) entries.delete(key);
      });
      return promise;
    },

    invalidate,

    start: subscription.start,
    stop: subscription.stop,

    sizes() {
      return Object.fromEntries(catalogueTopics.map((t) => [t, topics.get(t)!.size])) as Record<
        CatalogueTopic,
        number
      >;
    },
  };
}
