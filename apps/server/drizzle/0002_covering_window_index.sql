DROP INDEX "events_window_idx";--> statement-breakpoint
CREATE INDEX "events_window_idx" ON "events" USING btree ("tenant_id","starts_at","lat","lng") INCLUDE ("ends_at","status","publish_on","user_id");
