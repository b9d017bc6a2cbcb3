CREATE TABLE "federation_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_followers" (
	"tenant_id" uuid NOT NULL,
	"identifier" text NOT NULL,
	"actor_uri" text NOT NULL,
	"handle" text,
	"inbox" text NOT NULL,
	"shared_inbox" text,
	"follow_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "federation_followers_tenant_id_identifier_actor_uri_pk" PRIMARY KEY("tenant_id","identifier","actor_uri")
);
--> statement-breakpoint
CREATE TABLE "federation_joins" (
	"tenant_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"inbox" text NOT NULL,
	"join_id" text NOT NULL,
	"answered" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "federation_joins_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "federation_keys" (
	"tenant_id" uuid NOT NULL,
	"identifier" text NOT NULL,
	"keys" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "federation_keys_tenant_id_identifier_pk" PRIMARY KEY("tenant_id","identifier")
);
--> statement-breakpoint
CREATE TABLE "federation_kv" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "federation_published" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"version" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'live' NOT NULL,
	"sends" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_publisher_lease" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"message" jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reporter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reporter_actor" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "remote_actor" text;--> statement-breakpoint
ALTER TABLE "federation_blocks" ADD CONSTRAINT "federation_blocks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_followers" ADD CONSTRAINT "federation_followers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_joins" ADD CONSTRAINT "federation_joins_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_keys" ADD CONSTRAINT "federation_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_published" ADD CONSTRAINT "federation_published_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_publisher_lease" ADD CONSTRAINT "federation_publisher_lease_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federation_blocks_target_key" ON "federation_blocks" USING btree ("tenant_id","target");--> statement-breakpoint
CREATE INDEX "federation_joins_tenant_idx" ON "federation_joins" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "federation_published_live_idx" ON "federation_published" USING btree ("tenant_id") WHERE state = 'live';--> statement-breakpoint
CREATE INDEX "federation_queue_due_idx" ON "federation_queue" USING btree ("queue","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_remote_key" ON "reports" USING btree ("reporter_actor","target_type","target_id") WHERE status = 'open' and reporter_actor is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_remote_actor_key" ON "users" USING btree ("tenant_id","remote_actor") WHERE remote_actor is not null;