// The outbox is infrastructure: lib/events.ts writes and delivers its rows, and no module
// touches its table. Domains announce changes with `events.emit(tx, name, payload)`.
export type { EventBus, EventContext } from '../../lib/events';
