-- The public catalogue lists are cached in memory by every server instance (lib/catalogue-cache.ts).
-- A write to any table a list reads notifies `psy_catalogue` with the list's topic; PostgreSQL
-- delivers the notice when the writing transaction commits (never on rollback, once per topic
-- and transaction), and each instance drops that topic's answers.
CREATE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  topic text;
BEGIN
  FOREACH topic IN ARRAY TG_ARGV LOOP
    PERFORM pg_notify('psy_catalogue', topic);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- 专家列表: profiles, the next free slot (slots and bookings), ratings, institutions.
CREATE TRIGGER expert_profiles_catalogue AFTER INSERT OR UPDATE OR DELETE ON expert_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('experts');
--> statement-breakpoint
CREATE TRIGGER slots_catalogue AFTER INSERT OR UPDATE OR DELETE ON slots
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('experts');
--> statement-breakpoint
CREATE TRIGGER bookings_catalogue AFTER INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('experts');
--> statement-breakpoint
CREATE TRIGGER feedback_catalogue AFTER INSERT OR UPDATE OR DELETE ON feedback
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('experts');
--> statement-breakpoint
CREATE TRIGGER institutions_catalogue AFTER INSERT OR UPDATE OR DELETE ON institutions
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('experts');
--> statement-breakpoint
-- A person's name, avatar, role, status or institution shows on expert cards, scale authors and
-- course teachers; a login (last seen, password) changes none of them and notifies nothing.
CREATE TRIGGER users_catalogue AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.name, OLD.avatar, OLD.role, OLD.status, OLD.institution_id)
    IS DISTINCT FROM (NEW.name, NEW.avatar, NEW.role, NEW.status, NEW.institution_id))
  EXECUTE FUNCTION catalogue_changed('experts', 'scales', 'courses');
--> statement-breakpoint
-- 量表 and 测评方案: scales and their published versions (plans list their scales), review times.
CREATE TRIGGER scales_catalogue AFTER INSERT OR UPDATE OR DELETE ON scales
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('scales', 'plans');
--> statement-breakpoint
CREATE TRIGGER scale_versions_catalogue AFTER INSERT OR UPDATE OR DELETE ON scale_versions
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('scales', 'plans');
--> statement-breakpoint
CREATE TRIGGER review_requests_catalogue AFTER INSERT OR UPDATE OR DELETE ON review_requests
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('scales', 'courses');
--> statement-breakpoint
-- Taker counts change when a part or an assessment is submitted (or removed), not on each
-- autosaved answer.
CREATE TRIGGER assessment_parts_catalogue AFTER INSERT OR DELETE ON assessment_parts
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('scales');
--> statement-breakpoint
CREATE TRIGGER assessment_parts_status_catalogue AFTER UPDATE ON assessment_parts FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION catalogue_changed('scales');
--> statement-breakpoint
CREATE TRIGGER assessments_catalogue AFTER INSERT OR DELETE ON assessments
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('plans');
--> statement-breakpoint
CREATE TRIGGER assessments_status_catalogue AFTER UPDATE ON assessments FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION catalogue_changed('plans');
--> statement-breakpoint
CREATE TRIGGER plans_catalogue AFTER INSERT OR UPDATE OR DELETE ON plans
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('plans');
--> statement-breakpoint
CREATE TRIGGER plan_scales_catalogue AFTER INSERT OR UPDATE OR DELETE ON plan_scales
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('plans');
--> statement-breakpoint
CREATE TRIGGER activities_catalogue AFTER INSERT OR UPDATE OR DELETE ON activities
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('plans');
--> statement-breakpoint
-- 课程: courses, their versions and videos, learners and reviews.
CREATE TRIGGER courses_catalogue AFTER INSERT OR UPDATE OR DELETE ON courses
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('courses');
--> statement-breakpoint
CREATE TRIGGER course_versions_catalogue AFTER INSERT OR UPDATE OR DELETE ON course_versions
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('courses');
--> statement-breakpoint
CREATE TRIGGER course_videos_catalogue AFTER INSERT OR UPDATE OR DELETE ON course_videos
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('courses');
--> statement-breakpoint
CREATE TRIGGER course_enrolments_catalogue AFTER INSERT OR UPDATE OR DELETE ON course_enrolments
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('courses');
--> statement-breakpoint
CREATE TRIGGER course_reviews_catalogue AFTER INSERT OR UPDATE OR DELETE ON course_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('courses');
--> statement-breakpoint
-- 资讯.
CREATE TRIGGER news_articles_catalogue AFTER INSERT OR UPDATE OR DELETE ON news_articles
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed('news');
