CREATE TABLE "federation_following" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"target" text NOT NULL,
	"actor_uri" text,
	"handle" text,
	"inbox" text,
	"follow_id" text,
	"state" text DEFAULT 'finding' NOT NULL,
	"problem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_handles" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"handle" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "federation_handles_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "origin_id" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "origin_url" text;--> statement-breakpoint
ALTER TABLE "federation_published" ADD COLUMN "host_id" uuid;--> statement-breakpoint
ALTER TABLE "federation_following" ADD CONSTRAINT "federation_following_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_handles" ADD CONSTRAINT "federation_handles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_handles" ADD CONSTRAINT "federation_handles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federation_following_target_key" ON "federation_following" USING btree ("tenant_id","target");--> statement-breakpoint
CREATE UNIQUE INDEX "federation_following_actor_key" ON "federation_following" USING btree ("tenant_id","actor_uri");--> statement-breakpoint
CREATE UNIQUE INDEX "federation_handles_handle_key" ON "federation_handles" USING btree ("tenant_id","handle");--> statement-breakpoint
CREATE UNIQUE INDEX "events_origin_key" ON "events" USING btree ("tenant_id","origin_id") WHERE origin_id is not null;