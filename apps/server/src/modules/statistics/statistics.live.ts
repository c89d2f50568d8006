import type { DashboardPush } from '@psy/contracts';
import type { EventBus } from '../../lib/events';
import type { Hub } from '../../realtime/hub';
import { liveScopes } from './statistics.policy';
import type { StatisticsService } from './statistics.service';

/**
 * The big screen's live feed: each new warning, once its transaction has committed, goes to
 * the `dashboard` destination of every account that may see it (statistics.policy.ts
 * `liveScopes`), with the scopes it counts in. A socket may subscribe only to its own user's
 * destinations, so nobody receives a warning outside their scope. Cached figures are dropped.
 */
export function subscribeLiveWarnings(events: EventBus, hub: Hub, statistics: StatisticsService) {
  events.subscribe('warning.raised', async (e, ctx) => {
    const live = await statistics.livePush(ctx.tx, e.warningId);
    ctx.afterCommit(() => statistics.invalidate());
    if (!live) return;
    for (const r of live.recipients) {
      const scopes = liveScopes(r, live);
      if (!scopes.length) continue;
      const body: DashboardPush = { type: 'warning', scopes, warning: live.warning };
      ctx.afterCommit(() => hub.push(r.userId, 'dashboard', body));
    }
  });
}
