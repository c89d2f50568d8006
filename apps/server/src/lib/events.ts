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
}

export type EventName = keyof DomainEvents;
type Handler<K extends EventName> = (payload: DomainEvents[K]) => void | Promise<void>;

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
