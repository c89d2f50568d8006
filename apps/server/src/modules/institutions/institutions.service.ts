import type { Department, InstitutionSummary } from '@psy/contracts';
import type { Db } from '../../db/client';
import type { CatalogueCache } from '../../lib/catalogue-cache';
import { institutionsRepository, type InstitutionRow } from './institutions.repository';

export const toDepartment = (row: InstitutionRow): Department => ({
  id: row.id,
  name: row.name,
  city: row.city,
  address: row.address,
  phone: row.phone,
  logo: row.logo,
  intro: row.intro,
});

export function createInstitutionsService({ db, catalogue }: { db: Db; catalogue: CatalogueCache }) {
  return {
    /** Every institution, oldest first; `limit` for a short list (home page). Held in memory (topic `institutions`). */
    list: (limit?: number): Promise<InstitutionSummary[]> =>
      catalogue.get('institutions', `list:${limit ?? 'all'}`, () =>
        institutionsRepository.summaries(db, limit),
      ),
    count: () => institutionsRepository.count(db),
    /** The institution's public details, or null. */
    async byId(id: number): Promise<Department | null> {
      const row = await institutionsRepository.byId(db, id);
      return row ? toDepartment(row) : null;
    },
  };
}
export type InstitutionsService = ReturnType<typeof createInstitutionsService>;
