-- btree_gist: exclusion constraints on (expert, time range) for bookings.
-- pg_trgm: trigram indexes for LIKE '%关键词%' search on Chinese text.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
