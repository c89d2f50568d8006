ALTER TABLE "chat_participants" ADD COLUMN "unread_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each participant's unread count (the peer's messages after the read mark) is kept on the row
-- by the writes, so a chat list reads it instead of counting each chat's messages per request
-- (an expert with 531 chats: docs/performance.md).
--
-- A send adds its messages to the counts of the chats' other people, once per statement (a
-- group send writes many chats). A participant who sends in the statement is counted again
-- instead: a send moves its sender's read mark, in the same statement for a group send
-- (chat.repository `insertTextMessages`), and whether an addition would see that move depends on
-- the order PostgreSQL runs the statement's parts in; a count made after the statement does not.
-- A moved read mark counts its participant again the same way (an AFTER row trigger). Sends to
-- one chat are serialised by its row lock, so a new message's id is above every read mark of
-- that chat, and a count and a concurrent read agree whichever commits first. Counting again
-- costs what is unread after the mark (an index range on chat_messages (chat_id, id)): nothing
-- for a read up to the last message, little for a sender, who has just read the chat.
UPDATE chat_participants p SET unread_count = n.k
FROM (
  SELECT p2.chat_id, p2.user_id, count(*)::int AS k
  FROM chat_participants p2
  JOIN chat_messages m ON m.chat_id = p2.chat_id AND m.sender_id <> p2.user_id AND m.id > p2.last_read_message_id
  GROUP BY 1, 2
) n
WHERE p.chat_id = n.chat_id AND p.user_id = n.user_id;
--> statement-breakpoint
CREATE FUNCTION chat_unread_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_participants p SET unread_count = p.unread_count + n.k
  FROM (
    SELECT p2.chat_id, p2.user_id, count(*)::int AS k
    FROM added w
    JOIN chat_participants p2 ON p2.chat_id = w.chat_id AND p2.user_id <> w.sender_id
      AND w.id > p2.last_read_message_id
    WHERE NOT EXISTS (SELECT 1 FROM added s WHERE s.chat_id = p2.chat_id AND s.sender_id = p2.user_id)
    GROUP BY 1, 2
    ORDER BY 1, 2
  ) n
  WHERE p.chat_id = n.chat_id AND p.user_id = n.user_id;
  -- Those who sent in the statement while the other side did too: counted again, the statement
  -- (marks included) being done. (One's own messages never count: a sender alone in the
  -- statement keeps the count the moved mark's own trigger gives.)
  UPDATE chat_participants p SET unread_count = n.k
  FROM (
    SELECT s.chat_id, s.user_id, (
      SELECT count(*)::int FROM chat_messages m
      WHERE m.chat_id = s.chat_id AND m.sender_id <> s.user_id AND m.id > p2.last_read_message_id) AS k
    FROM (SELECT DISTINCT chat_id, sender_id AS user_id FROM added) s
    JOIN chat_participants p2 ON p2.chat_id = s.chat_id AND p2.user_id = s.user_id
    WHERE EXISTS (SELECT 1 FROM added o WHERE o.chat_id = s.chat_id AND o.sender_id <> s.user_id)
    ORDER BY 1, 2
  ) n
  WHERE p.chat_id = n.chat_id AND p.user_id = n.user_id AND p.unread_count <> n.k;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_unread_added AFTER INSERT ON chat_messages
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION chat_unread_added();
--> statement-breakpoint
CREATE FUNCTION chat_unread_recount() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k integer;
BEGIN
  SELECT count(*) INTO k FROM chat_messages m
  WHERE m.chat_id = NEW.chat_id AND m.sender_id <> NEW.user_id AND m.id > NEW.last_read_message_id;
  -- Written only when it differs: a sender who had read everything stays at 0 without a write.
  IF k <> NEW.unread_count THEN
    UPDATE chat_participants SET unread_count = k WHERE chat_id = NEW.chat_id AND user_id = NEW.user_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A mark moved forward from nothing unread leaves nothing unread (a send's own messages are
-- counted by the send's trigger above): no count, no call, on every send of a chat kept read.
CREATE TRIGGER chat_participants_unread_recount AFTER UPDATE OF last_read_message_id ON chat_participants
  FOR EACH ROW WHEN (NEW.last_read_message_id IS DISTINCT FROM OLD.last_read_message_id
    AND NOT (OLD.unread_count = 0 AND NEW.last_read_message_id > OLD.last_read_message_id))
  EXECUTE FUNCTION chat_unread_recount();
--> statement-breakpoint
-- Messages deleted or moved (the product does neither; a repair by hand might): both people of
-- every chat the statement touched, counted again.
CREATE FUNCTION chat_unread_recount_chats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    touched := ARRAY(SELECT DISTINCT chat_id FROM removed);
  ELSE
    touched := ARRAY(SELECT chat_id FROM removed UNION SELECT chat_id FROM added);
  END IF;
  UPDATE chat_participants p SET unread_count = (
    SELECT count(*) FROM chat_messages m
    WHERE m.chat_id = p.chat_id AND m.sender_id <> p.user_id AND m.id > p.last_read_message_id)
  WHERE p.chat_id = ANY (touched);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_unread_removed AFTER DELETE ON chat_messages
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION chat_unread_recount_chats();
--> statement-breakpoint
CREATE TRIGGER chat_messages_unread_moved AFTER UPDATE ON chat_messages
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION chat_unread_recount_chats();
