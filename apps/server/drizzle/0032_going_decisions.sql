ALTER TABLE "going" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "going_decided_idx" ON "going" USING btree ("decided_at") WHERE decided_at is not null;