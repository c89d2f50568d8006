-- 用户管理 (every account, or one role's, or one institution's) and the home page's figures take
-- their totals from counts kept by the writes (src/db/row-counts.ts), not from counting every
-- account.
SELECT row_counts_track('users', $$role::text || '/' || coalesce(institution_id::text, '')$$);
