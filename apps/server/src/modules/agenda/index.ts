// The agenda module (今日待办) as other modules see it: each domain brings its own section.
export type { AgendaDay, AgendaProvider, AgendaService, ProvidedSection } from './agenda.service';
