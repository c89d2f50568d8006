-- 预警列表 for auditors (every warning on the platform): its totals by state, level and whether
-- escalated come from counts kept by the writes (src/db/row-counts.ts), not from counting all
-- warnings per page.
SELECT row_counts_track('warnings', $$status::text || '/' || level::text || '/' || (escalated_at IS NOT NULL)::text$$);
