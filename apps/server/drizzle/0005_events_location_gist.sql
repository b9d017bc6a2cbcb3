-- Small boxes (a city, a neighbourhood) are answered from a GiST index on the event's point;
-- large ones keep the (starts_at, lat, lng) btree. The search picks by the shape of its query.
ALTER TABLE "events" ADD COLUMN "location" point GENERATED ALWAYS AS (point("lng", "lat")) STORED;--> statement-breakpoint
CREATE INDEX "events_location_idx" ON "events" USING gist ("location");
