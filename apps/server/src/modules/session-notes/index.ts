// The session-notes module (咨询记录) as other modules see it: the records module reads a
// person's notes through the service.
export type { SessionNotesService } from './session-notes.service';
