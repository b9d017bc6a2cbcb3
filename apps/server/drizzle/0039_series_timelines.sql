CREATE TABLE "series_timelines" (
	"series_id" uuid NOT NULL,
	"timeline_id" uuid NOT NULL,
	"source_starts_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_timelines_series_id_timeline_id_pk" PRIMARY KEY("series_id","timeline_id")
);
--> statement-breakpoint
ALTER TABLE "series_timelines" ADD CONSTRAINT "series_timelines_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_timelines" ADD CONSTRAINT "series_timelines_timeline_id_timelines_id_fk" FOREIGN KEY ("timeline_id") REFERENCES "public"."timelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_timelines_timeline_idx" ON "series_timelines" USING btree ("timeline_id");