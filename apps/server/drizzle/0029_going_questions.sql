ALTER TABLE "going" ADD COLUMN "answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "going" ADD COLUMN "decline_message" text;--> statement-breakpoint
ALTER TABLE "going_settings" ADD COLUMN "approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "going_settings" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;