// The statistics module as other code sees it: the service type and its live feed.
export type { StatisticsService } from './statistics.service';
export { subscribeLiveWarnings } from './statistics.live';
