import { AGENDA_ITEMS, type AgendaKey, type AgendaSection, type ExpertAgenda } from '@psy/contracts';
import type { Actor } from '../auth';
import type { Clock } from '../../lib/clock';
import { shanghaiDate, shanghaiInstant } from '../../lib/time';

/** The Shanghai calendar day the agenda is for, and its bounds as instants. */
export interface AgendaDay {
  date: string;
  start: Date;
  end: Date;
  now: Date;
}

/** A section as its module fills it; the service adds the key and trims the items. */
export type ProvidedSection = Omit<AgendaSection, 'key'>;

/**
 * One thing that can wait for an expert. Each domain registers its own provider, which reads
 * only what is the expert's own (their assigned people, their bookings, their chats).
 */
export interface AgendaProvider {
  key: AgendaKey;
  /** Lower comes first on the page. */
  order: number;
  load(actor: Actor, day: AgendaDay): Promise<ProvidedSection>;
}

export function createAgendaService({ clock }: { clock: Clock }) {
  const providers: AgendaProvider[] = [];

  return {
    register(provider: AgendaProvider) {
      if (providers.some((p) => p.key === provider.key))
        throw new Error(`agenda section ${provider.key} registered twice`);
      providers.push(provider);
      providers.sort((a, b) => a.order - b.order);
    },

    /** Every registered section for the expert, today in Shanghai. */
    async today(actor: Actor): Promise<ExpertAgenda> {
      const now = clock();
      const date = shanghaiDate(now);
      const start = shanghaiInstant(date, '00:00');
      const day: AgendaDay = { date, start, end: new Date(start.getTime() + 86_400_000), now };
      const sections = await Promise.all(
        providers.map(async (p) => {
          const s = await p.load(actor, day);
          return { key: p.key, ...s, items: s.items.slice(0, AGENDA_ITEMS) };
        }),
      );
      return { date, sections };
    },
  };
}
export type AgendaService = ReturnType<typeof createAgendaService>;
