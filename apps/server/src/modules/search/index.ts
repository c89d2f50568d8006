// The search module as other modules see it: each domain registers a provider.
export type { ProvidedHit, SearchProvider, SearchService } from './search.service';
export { oneTable, rankedSearch, type SearchFrom } from './ranked-search';
