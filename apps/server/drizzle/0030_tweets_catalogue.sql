-- 专家动态's public and signed-in feeds join the catalogue cache (lib/catalogue-cache.ts, topic
-- `tweets`): a tweet written, reviewed, withdrawn, deleted or liked, and its author's name,
-- avatar or title changed, notify the topic when the writing transaction commits.
CREATE TRIGGER tweets_catalogue AFTER INSERT OR UPDATE OR DELETE ON tweets
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('tweets');
--> statement-breakpoint
DROP TRIGGER expert_profiles_catalogue ON expert_profiles;
--> statement-breakpoint
CREATE TRIGGER expert_profiles_catalogue AFTER INSERT OR UPDATE OR DELETE ON expert_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('experts', 'tweets');
--> statement-breakpoint
DROP TRIGGER users_catalogue ON users;
--> statement-breakpoint
CREATE TRIGGER users_catalogue AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.name, OLD.avatar, OLD.role, OLD.status, OLD.institution_id)
    IS DISTINCT FROM (NEW.name, NEW.avatar, NEW.role, NEW.status, NEW.institution_id))
  EXECUTE FUNCTION catalogue_changed('experts', 'scales', 'courses', 'tweets');
