import type { HomeOverview } from '@psy/contracts';
import { shareAnswer } from '../../lib/catalogue-cache';
import { ttlCached } from '../../lib/ttl-cache';
import type { InstitutionsService } from '../institutions';
import type { UsersService } from '../users';

/** Crisis lines shown on every home page (brief section 6). */
export const HOTLINES: HomeOverview['hotlines'] = [
  { name: '全国心理援助热线', number: '12356', note: '24 小时，免费' },
  { name: '急救电话', number: '120', note: '生命安全受到威胁时' },
  { name: '报警电话', number: '110', note: '紧急危险情况' },
];

/** The home page changes rarely and is the most visited page: a few seconds of staleness is fine. */
const OVERVIEW_TTL_MS = 5_000;

/** The home page only gathers what other domains publish: it has no table of its own. */
export function createHomeService({
  institutions,
  users,
}: {
  institutions: InstitutionsService;
  users: UsersService;
}) {
  const overview = ttlCached(async (): Promise<HomeOverview> => {
    const [inst, experts, all, list] = await Promise.all([
      institutions.count(),
      users.count('expert'),
      users.count(),
      institutions.list(8),
    ]);
    const answer: HomeOverview = {
      stats: { institutions: inst, experts, users: all },
      institutions: list,
      hotlines: HOTLINES,
    };
    // Handed to every visitor unchanged for its few seconds: checked and made JSON once.
    shareAnswer(answer);
    return answer;
  }, OVERVIEW_TTL_MS);
  return { overview };
}
export type HomeService = ReturnType<typeof createHomeService>;
