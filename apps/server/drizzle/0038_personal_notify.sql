-- A person's own lists (my bookings, an expert's bookings, my chats, my assessments) are kept in
-- memory by every server instance (lib/personal-cache.ts). Every write to a row these lists read
-- notifies `psy_personal` with the ids of the accounts the row concerns, joined by commas, when
-- the writing transaction commits (never on rollback; PostgreSQL sends one notice per distinct
-- payload and transaction), and each instance forgets those accounts' lists. A change to what
-- other people's lists show of someone (a name, an avatar, an institution, an expert's title) or
-- to whether a campaign shows results notifies `*`: every account's lists are read again. These
-- are rare writes; the frequent ones (an answer saved, a message sent) name one or two accounts.
CREATE FUNCTION personal_notify(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  SELECT string_agg(DISTINCT id::text, ',') INTO payload FROM unnest(ids) AS id WHERE id IS NOT NULL;
  IF payload IS NULL THEN
    RETURN;
  END IF;
  -- A payload holds less than 8000 bytes: a statement that concerns that many accounts
  -- notifies every account instead.
  PERFORM pg_notify('psy_personal', CASE WHEN length(payload) > 7900 THEN '*' ELSE payload END);
END
$$;
--> statement-breakpoint
-- The accounts the rows a statement wrote concern, in one call per statement (a bulk write is one
-- notice, not one per row). TG_ARGV: the columns holding account ids, or `assessment` / `chat` for
-- rows that reach their accounts through that table, or `order` (the payer, and a booked expert).
CREATE FUNCTION personal_rows_written() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  CASE TG_ARGV[0]
    WHEN 'assessment' THEN
      SELECT array_agg(a.user_id) INTO ids FROM assessments a
      WHERE a.id IN (SELECT w.assessment_id FROM written w);
    WHEN 'chat' THEN
      SELECT array_agg(u) INTO ids FROM chats c, unnest(ARRAY[c.user_low_id, c.user_high_id]) AS u
      WHERE c.id IN (SELECT w.chat_id FROM written w);
    WHEN 'order' THEN
      -- The payer, and for a booking's order the expert too (their list shows its state).
      SELECT array_agg(u) INTO ids FROM (
        SELECT w.user_id AS u FROM written w
        UNION ALL
        SELECT b.expert_id FROM written w JOIN bookings b ON b.id = w.item_id WHERE w.kind = 'booking'
      ) x;
    ELSE
      -- An update names the accounts of the rows before and after it.
      EXECUTE format(
        CASE WHEN TG_OP = 'UPDATE'
          THEN 'SELECT array_agg(u) FROM (SELECT * FROM written UNION ALL SELECT * FROM written_before) w, unnest(ARRAY[%s]) AS u'
          ELSE 'SELECT array_agg(u) FROM written, unnest(ARRAY[%s]) AS u' END,
        (SELECT string_agg(quote_ident(c), ', ') FROM unnest(TG_ARGV) AS c)) INTO ids;
  END CASE;
  PERFORM personal_notify(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The accounts an updated row concerns, before and after (OLD and NEW), one call per row: for the
-- tables whose rows reach their accounts through another table, and where a WHEN leaves out
-- updates no list shows (an answer saved).
CREATE FUNCTION personal_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'chat_messages' THEN
      PERFORM personal_notify(ARRAY(
        SELECT u FROM chats c, unnest(ARRAY[c.user_low_id, c.user_high_id]) AS u
        WHERE c.id IN (OLD.chat_id, NEW.chat_id)));
    ELSE
      -- assessment_parts, campaign_takes
      PERFORM personal_notify(ARRAY(
        SELECT a.user_id FROM assessments a WHERE a.id IN (OLD.assessment_id, NEW.assessment_id)));
  END CASE;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION personal_changed_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('psy_personal', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Inserts and deletes of every table, and updates of those whose rows name their accounts:
-- one trigger per event and statement, made in one loop.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
      ('bookings', $a$'user_id', 'expert_id'$a$, true),
      ('orders', $a$'order'$a$, true),
      ('assessments', $a$'user_id'$a$, true),
      ('warnings', $a$'user_id'$a$, true),
      ('chats', $a$'user_low_id', 'user_high_id'$a$, true),
      -- A read mark shows in the other person's list too (what they have read).
      ('chat_participants', $a$'chat'$a$, true),
      ('assessment_parts', $a$'assessment'$a$, false),
      ('campaign_takes', $a$'assessment'$a$, false),
      ('chat_messages', $a$'chat'$a$, false)) AS v(tab, args, updates) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS written '
      'FOR EACH STATEMENT EXECUTE FUNCTION personal_rows_written(%s)', t.tab || '_personal_added', t.tab, t.args);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS written '
      'FOR EACH STATEMENT EXECUTE FUNCTION personal_rows_written(%s)', t.tab || '_personal_removed', t.tab, t.args);
    IF t.updates THEN
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I '
        'REFERENCING OLD TABLE AS written_before NEW TABLE AS written '
        'FOR EACH STATEMENT EXECUTE FUNCTION personal_rows_written(%s)', t.tab || '_personal_updated', t.tab, t.args);
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- An answer saved changes only `answers`, which no list shows.
CREATE TRIGGER assessment_parts_personal_updated AFTER UPDATE ON assessment_parts FOR EACH ROW
  WHEN ((OLD.assessment_id, OLD.position, OLD.scale_version_id, OLD.status, OLD.result)
    IS DISTINCT FROM (NEW.assessment_id, NEW.position, NEW.scale_version_id, NEW.status, NEW.result))
  EXECUTE FUNCTION personal_changed();
--> statement-breakpoint
CREATE TRIGGER campaign_takes_personal_updated AFTER UPDATE ON campaign_takes FOR EACH ROW
  EXECUTE FUNCTION personal_changed();
--> statement-breakpoint
CREATE TRIGGER chat_messages_personal_updated AFTER UPDATE ON chat_messages FOR EACH ROW
  EXECUTE FUNCTION personal_changed();
--> statement-breakpoint
CREATE TRIGGER users_personal AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.name, OLD.avatar, OLD.telephone, OLD.role, OLD.institution_id)
    IS DISTINCT FROM (NEW.name, NEW.avatar, NEW.telephone, NEW.role, NEW.institution_id))
  EXECUTE FUNCTION personal_changed_all();
--> statement-breakpoint
CREATE TRIGGER users_personal_deleted AFTER DELETE ON users FOR EACH STATEMENT
  EXECUTE FUNCTION personal_changed_all();
--> statement-breakpoint
CREATE TRIGGER institutions_personal AFTER UPDATE OF name OR DELETE ON institutions FOR EACH STATEMENT
  EXECUTE FUNCTION personal_changed_all();
--> statement-breakpoint
CREATE TRIGGER expert_profiles_personal AFTER UPDATE OF title OR DELETE ON expert_profiles FOR EACH STATEMENT
  EXECUTE FUNCTION personal_changed_all();
--> statement-breakpoint
CREATE TRIGGER campaigns_personal AFTER UPDATE OF show_result_to_member OR DELETE ON campaigns FOR EACH STATEMENT
  EXECUTE FUNCTION personal_changed_all();
--> statement-breakpoint
-- A table emptied by TRUNCATE (fires no row trigger) notifies every account.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['bookings', 'orders', 'assessments', 'assessment_parts', 'warnings',
      'campaign_takes', 'chats', 'chat_participants', 'chat_messages', 'users', 'institutions',
      'expert_profiles', 'campaigns'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT '
      'EXECUTE FUNCTION personal_changed_all()', t || '_personal_truncated', t);
  END LOOP;
END
$$;
