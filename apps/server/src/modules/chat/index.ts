// The chat module as other modules see it.
export type { ChatService } from './chat.service';
/** Read-only query pieces for the consultations page's joins. */
export { chatQueries } from './chat.repository';
