CREATE TABLE "going" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text NOT NULL,
	"guests" integer DEFAULT 0 NOT NULL,
	"line_no" bigint,
	"offered_at" timestamp with time zone,
	"offer_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "going_settings" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"capacity" integer,
	"max_guests" integer DEFAULT 0 NOT NULL,
	"offer_hours" integer DEFAULT 24 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "going" ADD CONSTRAINT "going_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "going" ADD CONSTRAINT "going_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "going" ADD CONSTRAINT "going_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "going_settings" ADD CONSTRAINT "going_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "going_settings" ADD CONSTRAINT "going_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "going_event_user_key" ON "going" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "going_event_state_idx" ON "going" USING btree ("event_id","state","line_no");--> statement-breakpoint
CREATE INDEX "going_user_idx" ON "going" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "going_offer_until_idx" ON "going" USING btree ("offer_until") WHERE state = 'offered';--> statement-breakpoint
-- Everyone who attended before seats existed holds one (no capacity is set yet, so all fit).
INSERT INTO "going" ("tenant_id", "event_id", "user_id", "state", "created_at", "updated_at")
  SELECT "tenant_id", "event_id", "user_id", 'going', "created_at", "created_at" FROM "event_links" WHERE "type" = 'Attendee'
  ON CONFLICT DO NOTHING;
