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
-- The accounts a row names in its own columns (OLD is null on insert, NEW on delete).
CREATE FUNCTION personal_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'bookings' THEN
      PERFORM personal_notify(ARRAY[OLD.user_id, OLD.expert_id, NEW.user_id, NEW.expert_id]);
    WHEN 'chats' THEN
      PERFORM personal_notify(ARRAY[OLD.user_low_id, OLD.user_high_id, NEW.user_low_id, NEW.user_high_id]);
    WHEN 'chat_messages' THEN
      PERFORM personal_notify(ARRAY(
        SELECT u FROM chats c, unnest(ARRAY[c.user_low_id, c.user_high_id]) AS u
        WHERE c.id IN (OLD.chat_id, NEW.chat_id)));
    WHEN 'assessment_parts', 'campaign_takes' THEN
      PERFORM personal_notify(ARRAY(
        SELECT a.user_id FROM assessments a WHERE a.id IN (OLD.assessment_id, NEW.assessment_id)));
    ELSE
      -- orders, assessments, warnings, chat_participants
      PERFORM personal_notify(ARRAY[OLD.user_id, NEW.user_id]);
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
CREATE TRIGGER bookings_personal AFTER INSERT OR UPDATE OR DELETE ON bookings FOR EACH ROW
  EXECUTE FUNCTION personal_changed();
--> statement-breakpoint
CREATE TRIGGER orders_personal AFTER INSERT OR UPDATE OR DELETE ON orders FOR EACH ROW
  EXECUTE FUNCTION personal_changed();
--> statement-breakpoint
CREATE TRIGGER assessments_personal AFTER INSERT OR UPDATE OR DELETE ON assessments FOR EACH ROW
  EXECUTE FUNCTION personal_changed();
--> statement-breakpoint
-- An answer saved changes only `answers`, which no list shows.
CREATE TRIGGER assessment_parts_personal AFTER UPDATE ON assessment_parts FOR EACH ROW
  WHEN ((OLD.assessment_id, OLD.position, OLD.scale_version_id, OLD.status, OLD.result)
    IS DISTINCT FROM (NEW.assessment_id, NEW.position, NEW.scale_version_id, NEW.status, NEW.result))
  EXECUTE FUNCTION personal_changed();
--> statement-breakpoint
CREATE TRIGGER assessment_parts_personal_rows AFTER INSERT OR DELETE ON assessment_parts FOR EACH ROW
  EXECUTE FUNCTION personal_changed();
--> statement-breakpoint
CREATE TRIGGER warnings_personal AFTER INSERT OR UPDATE OR DELETE ON warnings FOR EACH ROW
  EXECUTE FUNCTION personal_changed();
--> statement-breakpoint
CREATE TRIGGER campaign_takes_personal AFTER INSERT OR UPDATE OR DELETE ON campaign_takes FOR EACH ROW
  EXECUTE FUNCTION personal_changed();
--> statement-breakpoint
CREATE TRIGGER chats_personal AFTER INSERT OR DELETE ON chats FOR EACH ROW
  EXECUTE FUNCTION personal_changed();
--> statement-breakpoint
CREATE TRIGGER chat_participants_personal AFTER INSERT OR UPDATE OR DELETE ON chat_participants FOR EACH ROW
  EXECUTE FUNCTION personal_changed();
--> statement-breakpoint
CREATE TRIGGER chat_messages_personal AFTER UPDATE OR DELETE ON chat_messages FOR EACH ROW
  EXECUTE FUNCTION personal_changed();
--> statement-breakpoint
-- A send writes its messages and moves its chats' last message: the most frequent writes here, so
-- one trigger call per statement (a group send writes many chats' messages in one), naming every
-- account of the chats the statement wrote to.
CREATE FUNCTION personal_chats_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'chat_messages' THEN
    PERFORM personal_notify(ARRAY(
      SELECT u FROM chats c, unnest(ARRAY[c.user_low_id, c.user_high_id]) AS u
      WHERE c.id IN (SELECT chat_id FROM written)));
  ELSE
    PERFORM personal_notify(ARRAY(
      -- A chat's two people never change: the new rows name them.
      SELECT u FROM written c, unnest(ARRAY[c.user_low_id, c.user_high_id]) AS u));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_personal_added AFTER INSERT ON chat_messages
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT
  EXECUTE FUNCTION personal_chats_written();
--> statement-breakpoint
CREATE TRIGGER chats_personal_moved AFTER UPDATE ON chats
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT
  EXECUTE FUNCTION personal_chats_written();
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
