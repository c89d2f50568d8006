import type { Config } from './config';
import type { Database } from './db/client';
import { createHomeService } from './modules/home/home.service';

/** The one place where services are created and given their dependencies. */
export function createServices({ database }: { config: Config; database: Database }) {
  const { db } = database;
  return {
    home: createHomeService({ db }),
  };
}
export type Services = ReturnType<typeof createServices>;
