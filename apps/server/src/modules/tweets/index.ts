// The tweets module (专家动态) as other modules see it.
export type { TweetsService } from './tweets.service';
