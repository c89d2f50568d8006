-- 机构列表 and the home carousel join the catalogue cache (lib/catalogue-cache.ts, topics
-- `institutions` and `banners`): an institution or a banner added, changed or removed notifies its
-- topic (an institution also `experts`, whose cards name it) when the writing transaction commits.
DROP TRIGGER institutions_catalogue ON institutions;
--> statement-breakpoint
CREATE TRIGGER institutions_catalogue AFTER INSERT OR UPDATE OR DELETE ON institutions
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('experts', 'institutions');
--> statement-breakpoint
CREATE TRIGGER banners_catalogue AFTER INSERT OR UPDATE OR DELETE ON banners
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('banners');
