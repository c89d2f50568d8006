import { EventEmitter } from 'node:events';

/**
 * Domain events: one domain announces what happened, others react (notifications, the
 * real-time hub) without the first importing them. Each domain adds its events here.
 */
export interface DomainEvents {
  /** Every session of the user ended (logout everywhere, password change or reset). */
  'sessions.revoked': { userId: number; sessionIds: number[] | 'all' };
  /** The password was changed in the personal center, or reset by SMS. */
  'account.passwordChanged': { userId: number; via: 'change' | 'reset' };
  'order.paid': {
    orderId: number;
    userId: number;
    kind: 'booking' | 'course' | 'report';
    itemId: number;
    amountFen: number;
    title: string;
  };
  'order.refunded': { orderId: number; userId: number; amountFen: number; title: string };
  'booking.confirmed': BookingEvent;
  'booking.cancelled': BookingEvent & {
    by: 'user' | 'expert' | 'system';
    refundFen: number;
    reason: string | null;
  };
  'booking.completed': BookingEvent;
  'booking.no_show': BookingEvent;
  'booking.reminder': BookingEvent & { hoursBefore: 24 | 1 };
  /** An auditor approved or rejected someone's content (scale, course, tweet). */
  'review.decided': { userId: number; what: string; approved: boolean; reason: string | null; link: string };
  /** An alert rule fired on a submitted assessment. */
  'warning.raised': {
    warningId: number;
    userId: number;
    userName: string;
    expertId: number | null;
    level: number;
    reason: string;
    scaleName: string;
    /** High level only: the other experts of the person's institution, told at once. */
    colleagueIds: number[];
    /** High level with nobody assigned: the auditors, told at once instead of after escalation. */
    auditorIds: number[];
  };
  /** A warning nobody picked up in time, for each auditor. */
  'warning.escalated': {
    warningId: number;
    auditorId: number;
    level: number;
    reason: string;
    scaleName: string;
  };
  /** A report that needed approval was approved or returned. */
  'report.reviewed': { assessmentId: number; userId: number; title: string; approved: boolean };
}

/** Who and when, for every booking event. */
export interface BookingEvent {
  bookingId: number;
  userId: number;
  expertId: number;
  expertName: string;
  userName: string;
  startsAt: Date;
}

export type EventName = keyof DomainEvents;
type Handler<K extends EventName> = (payload: DomainEvents[K]) => unknown;

export interface EventBus {
  publish<K extends EventName>(name: K, payload: DomainEvents[K]): void;
  subscribe<K extends EventName>(name: K, handler: Handler<K>): () => void;
}

export function createEventBus(onError: (err: unknown, name: string) => void = () => {}): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  return {
    publish(name, payload) {
      emitter.emit(name, payload);
    },
    subscribe(name, handler) {
      // A failing subscriber must not break the publisher's request.
      const wrapped = (payload: DomainEvents[typeof name]) => {
        try {
          void Promise.resolve(handler(payload)).catch((err: unknown) => onError(err, name));
        } catch (err) {
          onError(err, name);
        }
      };
      emitter.on(name, wrapped);
      return () => emitter.off(name, wrapped);
    },
  };
}
