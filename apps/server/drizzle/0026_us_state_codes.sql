-- Spec 3's states list (packages/contract/src/us-states.ts): a US area's state (its country US, or
-- none) is one of the 50 states' or DC's codes; areas elsewhere keep their own regions. Rows written before: a full name or a code in another case becomes the
-- code; any other value is kept in the area's name (nothing typed is lost), the state is cleared,
-- and each such event is reported in the audit log (action system.area-state-repair), which
-- administrators read on /admin?tab=audit.
CREATE TEMP TABLE us_states_ref (code text PRIMARY KEY, name text NOT NULL);--> statement-breakpoint
INSERT INTO us_states_ref (code, name) VALUES
  ('AL', 'alabama'),
  ('AK', 'alaska'),
  ('AZ', 'arizona'),
  ('AR', 'arkansas'),
  ('CA', 'california'),
  ('CO', 'colorado'),
  ('CT', 'connecticut'),
  ('DE', 'delaware'),
  ('DC', 'district of columbia'),
  ('FL', 'florida'),
  ('GA', 'georgia'),
  ('HI', 'hawaii'),
  ('ID', 'idaho'),
  ('IL', 'illinois'),
  ('IN', 'indiana'),
  ('IA', 'iowa'),
  ('KS', 'kansas'),
  ('KY', 'kentucky'),
  ('LA', 'louisiana'),
  ('ME', 'maine'),
  ('MD', 'maryland'),
  ('MA', 'massachusetts'),
  ('MI', 'michigan'),
  ('MN', 'minnesota'),
  ('MS', 'mississippi'),
  ('MO', 'missouri'),
  ('MT', 'montana'),
  ('NE', 'nebraska'),
  ('NV', 'nevada'),
  ('NH', 'new hampshire'),
  ('NJ', 'new jersey'),
  ('NM', 'new mexico'),
  ('NY', 'new york'),
  ('NC', 'north carolina'),
  ('ND', 'north dakota'),
  ('OH', 'ohio'),
  ('OK', 'oklahoma'),
  ('OR', 'oregon'),
  ('PA', 'pennsylvania'),
  ('RI', 'rhode island'),
  ('SC', 'south carolina'),
  ('SD', 'south dakota'),
  ('TN', 'tennessee'),
  ('TX', 'texas'),
  ('UT', 'utah'),
  ('VT', 'vermont'),
  ('VA', 'virginia'),
  ('WA', 'washington'),
  ('WV', 'west virginia'),
  ('WI', 'wisconsin'),
  ('WY', 'wyoming');--> statement-breakpoint
UPDATE events e SET area = jsonb_set(e.area, '{state}', to_jsonb(s.code))
  FROM us_states_ref s
  WHERE jsonb_typeof(e.area -> 'state') = 'string' AND coalesce(upper(btrim(e.area ->> 'country')), '') IN ('', 'US', 'USA', 'UNITED STATES') AND e.area ->> 'state' <> s.code
    AND (upper(btrim(e.area ->> 'state')) = s.code OR lower(regexp_replace(btrim(e.area ->> 'state'), '\s+', ' ', 'g')) = s.name);--> statement-breakpoint
INSERT INTO audit_log (tenant_id, actor_id, action, target_type, target_id, reason, before, after)
  SELECT e.tenant_id, NULL, 'system.area-state-repair', 'event', e.id::text,
    'The area''s state was not a US state code; it is kept in the area''s name.',
    jsonb_build_object('area', e.area),
    jsonb_build_object('area', (e.area - 'state') || jsonb_build_object('name', concat_ws(', ', nullif(e.area ->> 'name', ''), e.area ->> 'state')))
  FROM events e
  WHERE jsonb_typeof(e.area -> 'state') = 'string' AND coalesce(upper(btrim(e.area ->> 'country')), '') IN ('', 'US', 'USA', 'UNITED STATES') AND btrim(e.area ->> 'state') <> ''
    AND NOT EXISTS (SELECT 1 FROM us_states_ref s WHERE s.code = e.area ->> 'state');--> statement-breakpoint
UPDATE events e SET area = (e.area - 'state') || jsonb_build_object('name', concat_ws(', ', nullif(e.area ->> 'name', ''), nullif(btrim(e.area ->> 'state'), '')))
  WHERE jsonb_typeof(e.area -> 'state') = 'string' AND coalesce(upper(btrim(e.area ->> 'country')), '') IN ('', 'US', 'USA', 'UNITED STATES')
    AND NOT EXISTS (SELECT 1 FROM us_states_ref s WHERE s.code = e.area ->> 'state');--> statement-breakpoint
-- Quick create's drafts (event_drafts.content.area) the same way, without a report: a draft is its author's own.
UPDATE event_drafts d SET content = jsonb_set(d.content, '{area,state}', to_jsonb(s.code))
  FROM us_states_ref s
  WHERE jsonb_typeof(d.content -> 'area' -> 'state') = 'string' AND coalesce(upper(btrim(d.content -> 'area' ->> 'country')), '') IN ('', 'US', 'USA', 'UNITED STATES') AND d.content -> 'area' ->> 'state' <> s.code
    AND (upper(btrim(d.content -> 'area' ->> 'state')) = s.code OR lower(regexp_replace(btrim(d.content -> 'area' ->> 'state'), '\s+', ' ', 'g')) = s.name);--> statement-breakpoint
UPDATE event_drafts d SET content = jsonb_set(d.content, '{area}',
    ((d.content -> 'area') - 'state') || jsonb_build_object('name', concat_ws(', ', nullif(d.content -> 'area' ->> 'name', ''), nullif(btrim(d.content -> 'area' ->> 'state'), ''))))
  WHERE jsonb_typeof(d.content -> 'area' -> 'state') = 'string' AND coalesce(upper(btrim(d.content -> 'area' ->> 'country')), '') IN ('', 'US', 'USA', 'UNITED STATES')
    AND NOT EXISTS (SELECT 1 FROM us_states_ref s WHERE s.code = d.content -> 'area' ->> 'state');--> statement-breakpoint
DROP TABLE us_states_ref;
