CREATE TABLE "series_goers" (
	"series_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"guests" integer DEFAULT 0 NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_goers_series_id_user_id_pk" PRIMARY KEY("series_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "every_date" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "series_goers" ADD CONSTRAINT "series_goers_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_goers" ADD CONSTRAINT "series_goers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_goers_user_idx" ON "series_goers" USING btree ("user_id");