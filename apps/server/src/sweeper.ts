import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from './lib/events';
import type { Services } from './services';

/**
 * Time-driven work: unpaid holds and orders run out, reminders go out, weekly templates
 * stay published ahead, the statistics rollups catch up with the days that changed. Every
 * step is idempotent, so several instances may sweep at once.
 */
export async function sweepOnce(services: Services): Promise<void> {
  await services.bookings.sweep();
  await services.orders.sweep();
  await services.warnings.escalate();
  await services.campaigns.sweep();
  await services.campaignWarnings.escalate();
  await services.statistics.refreshRollups();
}

export function startSweeper(
  intervalMs: number,
  services: Services,
  log: FastifyBaseLogger,
  events?: EventBus,
) {
  if (intervalMs <= 0) return { stop() {} };
  let running = false;
  let lastMaterialized = 0;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await sweepOnce(services);
      if (Date.now() - lastMaterialized > 3_600_000) {
        await services.availability.materializeAll();
        await events?.prune();
        lastMaterialized = Date.now();
      }
    } catch (err) {
      log.error({ err }, 'sweep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
    },
  };
}
