-- The window index gains id right after starts_at, so a page in (starts_at, id) order is read
-- straight from it, stopping after the page, instead of fetching and sorting every match.
DROP INDEX "events_window_idx";--> statement-breakpoint
CREATE INDEX "events_window_idx" ON "events" USING btree ("tenant_id","starts_at","id","lat","lng") INCLUDE ("ends_at","status","publish_on","user_id");--> statement-breakpoint
-- Events longer than a day, for the search's look-behind (events/search-repository.ts partsOf):
-- the window index then needs a look-behind of one day instead of EVENT_MAX_DAYS, and the few
-- long events that began earlier and still run come from this one. Covering like the window
-- index, so both are read without visiting the table.
CREATE INDEX "events_running_idx" ON "events" USING btree ("tenant_id","starts_at","id","lat","lng") INCLUDE ("ends_at","status","publish_on","user_id") WHERE "ends_at" - "starts_at" > interval '1 day';
