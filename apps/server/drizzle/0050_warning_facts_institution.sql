ALTER TABLE "stats_warning_facts" ADD COLUMN "institution_id" integer;--> statement-breakpoint
CREATE INDEX "stats_warning_facts_open_institution" ON "stats_warning_facts" USING btree ("institution_id") WHERE "stats_warning_facts"."open";--> statement-breakpoint
-- The big screen's most warned institutions counted open warnings by the institution their
-- person belongs to now by joining every open warning's person to the accounts: 14 to 27 ms at a
-- million assessments (13,600 open warnings of 9,900 people), the longest statement of the
-- auditor's screen. The facts now hold that institution, kept current both ways under the
-- person's lock (the one stats_refresh_assessment takes): a warning's fact reads it after taking
-- the lock, and a person who moves has every fact of theirs rewritten after taking it, so
-- whichever commits second sees the other's commit.
CREATE OR REPLACE VIEW stats_warning_facts_source AS
SELECT w.id AS warning_id, w.assessment_id, w.user_id, w.expert_id, w.level, w.status <> 'closed' AS open,
  w.created_at, left(a.basic_info ->> 'regionCode', 2) AS province, p.first_at, p.closed_at,
  u.institution_id
FROM warnings w
LEFT JOIN assessments a ON a.id = w.assessment_id
LEFT JOIN users u ON u.id = w.user_id
LEFT JOIN LATERAL (
  SELECT min(g.created_at) AS first_at, min(g.created_at) FILTER (WHERE g.status = 'closed') AS closed_at
  FROM warning_progress g WHERE g.warning_id = w.id
) p ON true;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_refresh_warning(wid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1400150, user_id) FROM warnings WHERE id = wid;
  DELETE FROM stats_warning_facts WHERE warning_id = wid;
  INSERT INTO stats_warning_facts (warning_id, assessment_id, user_id, expert_id, level, open, created_at,
      province, first_at, closed_at, institution_id)
    SELECT warning_id, assessment_id, user_id, expert_id, level, open, created_at, province, first_at, closed_at,
      institution_id
    FROM stats_warning_facts_source WHERE warning_id = wid;
END $$;
--> statement-breakpoint
CREATE FUNCTION stats_person_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1400150, NEW.id);
  UPDATE stats_warning_facts SET institution_id = NEW.institution_id
    WHERE user_id = NEW.id AND institution_id IS DISTINCT FROM NEW.institution_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_person_moved AFTER UPDATE OF institution_id ON users
  FOR EACH ROW WHEN (OLD.institution_id IS DISTINCT FROM NEW.institution_id)
  EXECUTE FUNCTION stats_person_moved();
--> statement-breakpoint
-- The backfill (stats_rebuild_all() writes the facts as before, then their institutions).
ALTER FUNCTION stats_rebuild_all() RENAME TO stats_rebuild_all_facts;
--> statement-breakpoint
CREATE FUNCTION stats_rebuild_all() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_rebuild_all_facts();
  UPDATE stats_warning_facts f SET institution_id = u.institution_id
    FROM users u WHERE u.id = f.user_id AND u.institution_id IS NOT NULL;
END $$;
--> statement-breakpoint
UPDATE stats_warning_facts f SET institution_id = u.institution_id
  FROM users u WHERE u.id = f.user_id AND u.institution_id IS NOT NULL;
