CREATE TABLE "going_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"email" text,
	"token" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "going_invitations_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "going_settings" ADD COLUMN "invite_token" text;--> statement-breakpoint
ALTER TABLE "going_invitations" ADD CONSTRAINT "going_invitations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "going_invitations" ADD CONSTRAINT "going_invitations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "going_invitations" ADD CONSTRAINT "going_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "going_invitations_email_key" ON "going_invitations" USING btree ("event_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "going_invitations_user_key" ON "going_invitations" USING btree ("event_id","user_id");--> statement-breakpoint
ALTER TABLE "going_settings" ADD CONSTRAINT "going_settings_invite_token_unique" UNIQUE("invite_token");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_visibility_check" CHECK ("visibility" in ('public', 'unlisted', 'invite'));--> statement-breakpoint
-- Search and tiles read visibility from the covering window indexes, so they stay index-only scans.
DROP INDEX "events_window_idx";--> statement-breakpoint
CREATE INDEX "events_window_idx" ON "events" USING btree ("tenant_id","starts_at","id","lat","lng") INCLUDE ("ends_at","status","publish_on","user_id","hidden_at","visibility");--> statement-breakpoint
DROP INDEX "events_running_idx";--> statement-breakpoint
CREATE INDEX "events_running_idx" ON "events" USING btree ("tenant_id","starts_at","id","lat","lng") INCLUDE ("ends_at","status","publish_on","user_id","hidden_at","visibility") WHERE "ends_at" - "starts_at" > interval '1 day';
