CREATE TABLE "series_followers" (
	"series_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_followers_series_id_user_id_pk" PRIMARY KEY("series_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "series_followers" ADD CONSTRAINT "series_followers_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_followers" ADD CONSTRAINT "series_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_followers_user_idx" ON "series_followers" USING btree ("user_id");--> statement-breakpoint
-- Not in events/schema.ts (drizzle cannot declare INCLUDE columns): the dates of series by start,
-- so a list that shows a series once asks "does an earlier date still run in the window?" of
-- this index alone (events/search-repository.ts listParts).
CREATE INDEX "events_series_idx" ON "events" USING btree ("series_id","starts_at","id") INCLUDE ("ends_at") WHERE "series_id" IS NOT NULL;
