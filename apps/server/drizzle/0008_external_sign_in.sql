CREATE TABLE "external_auth_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"intent" text NOT NULL,
	"user_id" uuid,
	"session_id" uuid,
	"state_hash" text NOT NULL,
	"binding_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"return_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"provider_tenant" text,
	"email" text,
	"trusted" boolean NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "session_provider_tokens" (
	"session_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"sealed_access_token" text NOT NULL,
	"sealed_refresh_token" text,
	"logout_hint" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_provider_tokens_session_id_provider_pk" PRIMARY KEY("session_id","provider")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "external_auth_requests" ADD CONSTRAINT "external_auth_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_auth_requests" ADD CONSTRAINT "external_auth_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_auth_requests" ADD CONSTRAINT "external_auth_requests_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_identities" ADD CONSTRAINT "external_identities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_identities" ADD CONSTRAINT "external_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_provider_tokens" ADD CONSTRAINT "session_provider_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_auth_requests_state_key" ON "external_auth_requests" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "external_auth_requests_expiry_idx" ON "external_auth_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "external_identities_subject_key" ON "external_identities" USING btree ("tenant_id","provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "external_identities_user_provider_key" ON "external_identities" USING btree ("user_id","provider");