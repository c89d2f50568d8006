CREATE TYPE "public"."news_category" AS ENUM('science', 'platform', 'event');--> statement-breakpoint
CREATE TYPE "public"."news_state" AS ENUM('draft', 'published', 'offline');--> statement-breakpoint
CREATE TYPE "public"."tweet_status" AS ENUM('draft', 'pending', 'published', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."tweet_visibility" AS ENUM('public', 'users');--> statement-breakpoint
CREATE TABLE "news_articles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(60) NOT NULL,
	"summary" varchar(200) NOT NULL,
	"category" "news_category" NOT NULL,
	"cover" varchar(64),
	"body" text NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"state" "news_state" DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"pinned" boolean DEFAULT false NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tweet_likes" (
	"tweet_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tweet_likes_tweet_id_user_id_pk" PRIMARY KEY("tweet_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tweets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tweets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"expert_id" integer NOT NULL,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visibility" "tweet_visibility" DEFAULT 'public' NOT NULL,
	"status" "tweet_status" DEFAULT 'draft' NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tweet_like_count_nonnegative" CHECK ("tweets"."like_count" >= 0),
	CONSTRAINT "tweet_images_max" CHECK (jsonb_array_length("tweets"."images") <= 9)
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(40) NOT NULL,
	"image" varchar(120) NOT NULL,
	"link" varchar(200) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tweet_likes" ADD CONSTRAINT "tweet_likes_tweet_id_tweets_id_fk" FOREIGN KEY ("tweet_id") REFERENCES "public"."tweets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tweet_likes" ADD CONSTRAINT "tweet_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tweets" ADD CONSTRAINT "tweets_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_public_idx" ON "news_articles" USING btree ("state","publish_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_category_idx" ON "news_articles" USING btree ("category","state","publish_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_title_trgm" ON "news_articles" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "news_text_trgm" ON "news_articles" USING gin ("body_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tweet_likes_user_id_index" ON "tweet_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tweets_feed_idx" ON "tweets" USING btree ("status","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tweets_expert_idx" ON "tweets" USING btree ("expert_id","status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tweets_content_trgm" ON "tweets" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "banners_enabled_position_index" ON "banners" USING btree ("enabled","position");