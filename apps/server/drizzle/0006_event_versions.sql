CREATE TABLE "event_versions" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_versions" ADD CONSTRAINT "event_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by triggers, per statement (a bulk load bumps each tenant once): every path that changes
-- an event or its tags moves the tenant's version, including ones written after this migration.
CREATE FUNCTION "bump_event_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'events' THEN
    IF TG_OP = 'DELETE' THEN
      INSERT INTO event_versions (tenant_id, version) SELECT DISTINCT tenant_id, 1 FROM changed_old
        ON CONFLICT (tenant_id) DO UPDATE SET version = event_versions.version + 1;
    ELSE
      INSERT INTO event_versions (tenant_id, version) SELECT DISTINCT tenant_id, 1 FROM changed_new
        ON CONFLICT (tenant_id) DO UPDATE SET version = event_versions.version + 1;
    END IF;
  ELSE
    -- event_tags: a tag removed with its event finds no event any more; the event's own trigger bumps then.
    IF TG_OP = 'DELETE' THEN
      INSERT INTO event_versions (tenant_id, version) SELECT DISTINCT e.tenant_id, 1 FROM changed_old c JOIN events e ON e.id = c.event_id
        ON CONFLICT (tenant_id) DO UPDATE SET version = event_versions.version + 1;
    ELSE
      INSERT INTO event_versions (tenant_id, version) SELECT DISTINCT e.tenant_id, 1 FROM changed_new c JOIN events e ON e.id = c.event_id
        ON CONFLICT (tenant_id) DO UPDATE SET version = event_versions.version + 1;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "events_version_insert" AFTER INSERT ON "events" REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION bump_event_versions();
--> statement-breakpoint
CREATE TRIGGER "events_version_update" AFTER UPDATE ON "events" REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION bump_event_versions();
--> statement-breakpoint
CREATE TRIGGER "events_version_delete" AFTER DELETE ON "events" REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION bump_event_versions();
--> statement-breakpoint
CREATE TRIGGER "event_tags_version_insert" AFTER INSERT ON "event_tags" REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION bump_event_versions();
--> statement-breakpoint
CREATE TRIGGER "event_tags_version_delete" AFTER DELETE ON "event_tags" REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION bump_event_versions();
