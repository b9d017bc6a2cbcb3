ALTER TABLE "events" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "hidden_by" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
CREATE INDEX "events_live_idx" ON "events" USING btree ("tenant_id") WHERE status = 1;--> statement-breakpoint
-- Hidden events leave search and tiles, whose scans read only the covering indexes: they carry
-- hidden_at so the visibility test stays index-only.
DROP INDEX "events_window_idx";--> statement-breakpoint
CREATE INDEX "events_window_idx" ON "events" USING btree ("tenant_id","starts_at","id","lat","lng") INCLUDE ("ends_at","status","publish_on","user_id","hidden_at");--> statement-breakpoint
DROP INDEX "events_running_idx";--> statement-breakpoint
CREATE INDEX "events_running_idx" ON "events" USING btree ("tenant_id","starts_at","id","lat","lng") INCLUDE ("ends_at","status","publish_on","user_id","hidden_at") WHERE "ends_at" - "starts_at" > interval '1 day';
