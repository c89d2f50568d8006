// The chat module as other modules see it.
export type { ChatService } from './chat.service';
