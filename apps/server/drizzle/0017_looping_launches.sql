ALTER TABLE "timelines" ADD COLUMN "repeat_every_seconds" integer;--> statement-breakpoint
ALTER TABLE "timelines" ADD COLUMN "announcement" text;