// The news module as other modules see it.
export type { NewsService } from './news.service';
