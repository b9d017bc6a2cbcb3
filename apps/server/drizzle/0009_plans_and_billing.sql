CREATE TABLE "add_ons" (
	"feature" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"monthly_price" integer,
	"yearly_price" integer,
	"currency" text DEFAULT 'usd' NOT NULL,
	"stripe_price_month" text,
	"stripe_price_year" text,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"plan" text PRIMARY KEY NOT NULL,
	"feature" text,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"event_capacity" integer NOT NULL,
	"calendar_capacity" integer NOT NULL,
	"flyer_capacity" integer NOT NULL,
	"monthly_price" integer,
	"yearly_price" integer,
	"currency" text DEFAULT 'usd' NOT NULL,
	"stripe_price_month" text,
	"stripe_price_year" text,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"add_ons" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"stripe_event_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_stripe_customer_key" ON "subscriptions" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE INDEX "subscriptions_stripe_subscription_idx" ON "subscriptions" USING btree ("stripe_subscription_id");--> statement-breakpoint
INSERT INTO "plans" ("plan", "feature", "name", "description", "event_capacity", "calendar_capacity", "flyer_capacity", "monthly_price", "yearly_price", "position") VALUES
	('Free', NULL, 'Free', 'Try Hubbub with one event and one flyer.', 1, 1, 1, 0, 0, 0),
	('Basic', 'SubscriptionLevel.Basic', 'Basic', 'For regular hosts.', 10, 3, 25, 500, 5000, 1),
	('Pro', 'SubscriptionLevel.Pro', 'Pro', 'For venues and promoters.', 100, 10, 250, 1500, 15000, 2),
	('Enterprise', 'SubscriptionLevel.Enterprise', 'Enterprise', 'For organisations running many venues.', 1000, 100, 5000, 9900, 99000, 3)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "add_ons" ("feature", "name", "description", "monthly_price", "yearly_price", "position") VALUES
	('Download.HTML', 'Download as HTML', 'Download an event as one self-contained HTML file, readable offline.', 300, 3000, 0)
ON CONFLICT DO NOTHING;
