// The experts module (public profiles) as other modules see it.
export type { ExpertsService } from './experts.service';
export type { ProfileRow } from './experts.repository';
export { expertCandidates, expertTitleOf } from './experts.repository';
export { expertPairQueries } from './expert-pair';
