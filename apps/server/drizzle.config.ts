import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the Drizzle schema; the SQL is committed and applied at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  casing: 'snake_case',
});
