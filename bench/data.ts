/**
 * Fills a PostgreSQL database for the statistics and lists benches (`bench/stats-data.ts` and
 * `bench/activity-data.ts` say how).
 * Usage: npm run bench:data   (BENCH_ASSESSMENTS=10000 for a quick run; default 1,000,000;
 * BENCH_DATABASE_URL for the server, default postgres://postgres@127.0.0.1:5432/postgres)
 * The database is named psy_bench_<assessments> and is dropped and made again on every run.
 */
import { benchDbName, generate } from './stats-data';

const n = Number(process.env.BENCH_ASSESSMENTS ?? 1_000_000);
if (!Number.isInteger(n) || n < 1000) throw new Error('BENCH_ASSESSMENTS must be a whole number >= 1000');
await generate(n, benchDbName(n));
