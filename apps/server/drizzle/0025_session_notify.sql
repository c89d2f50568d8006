-- Signed-in sessions are kept in memory by every server instance (modules/auth/session-cache.ts),
-- so a request does not read its session from the database each time. Whatever ends a session or
-- changes what it grants notifies `psy_sessions` with the account's id when the writing
-- transaction commits (never on rollback), and each instance forgets that account's sessions:
-- a revocation or expiry set on the session, its deletion, a different role, status or phone on
-- the account. The touch of last_seen_at (at most once a minute per session) notifies nothing,
-- unless it moves the time back, which only a repair by hand does.
CREATE FUNCTION session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('psy_sessions', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('psy_sessions', OLD.id::text);
  ELSE
    PERFORM pg_notify('psy_sessions', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE ON sessions FOR EACH ROW
  WHEN ((OLD.user_id, OLD.token_hash, OLD.expires_at, OLD.revoked_at)
      IS DISTINCT FROM (NEW.user_id, NEW.token_hash, NEW.expires_at, NEW.revoked_at)
    OR NEW.last_seen_at < OLD.last_seen_at)
  EXECUTE FUNCTION session_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions FOR EACH ROW
  EXECUTE FUNCTION session_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT
  EXECUTE FUNCTION session_changed();
--> statement-breakpoint
CREATE TRIGGER users_sessions_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.role, OLD.status, OLD.telephone) IS DISTINCT FROM (NEW.role, NEW.status, NEW.telephone))
  EXECUTE FUNCTION session_changed();
--> statement-breakpoint
CREATE TRIGGER users_sessions_deleted AFTER DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION session_changed();
--> statement-breakpoint
CREATE TRIGGER users_sessions_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT
  EXECUTE FUNCTION session_changed();
