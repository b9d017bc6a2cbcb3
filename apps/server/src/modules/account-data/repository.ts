import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { iso } from '../../db/fragments.js';

// What an account holds, read for its export and its deletion. Reads only: the account's rows go
// by cascade when modules/users deletes it.

type Json = Record<string, unknown>;

export async function profileOf(db: Db, userId: string): Promise<Json | undefined> {
  const [row] = await queryRows<Json>(
    db,
    sql`select u.id, u.email, u.name, u.bio, u.location, u.website, u.listed_in_directory as "listedInDirectory", u.plan, u.add_ons as "addOns", u.roles,
          ${iso(sql`u.created_at`)} as created, case when u.email_verified_at is null then null else ${iso(sql`u.email_verified_at`)} end as "emailVerified",
          (select coalesce(json_agg(json_build_object('provider', x.provider, 'email', x.email)), '[]'::json) from external_identities x where x.user_id = u.id) as "connectedAccounts"
        from users u where u.id = ${userId}`,
  );
  return row;
}

export function eventsOf(db: Db, userId: string): Promise<Json[]> {
  return queryRows<Json>(
    db,
    sql`select e.id, e.name, e.slug, ${iso(sql`e.starts_at`)} as "startDate", ${iso(sql`e.ends_at`)} as "endDate", e.time_zone as "timeZone",
          case when e.publish_on is null then null else ${iso(sql`e.publish_on`)} end as "publishOnDate", e.venue, e.area, e.lat, e.lng,
          e.content_type as "contentType", e.content_json as "contentJson", e.status::int as status, e.thumbnail_path as "thumbnailPath",
          (select coalesce(json_agg(t.name order by t.name), '[]'::json) from event_tags et join tags t on t.id = et.tag_id where et.event_id = e.id) as tags,
          (select coalesce(json_agg(json_build_object('name', a.name, 'kind', a.kind, 'description', a.description, 'link', a.link,
             'picturePath', a.picture_path, 'setTime', case when a.set_time is null then null else ${iso(sql`a.set_time`)} end) order by a.position, a.created_at), '[]'::json)
             from attractions a where a.event_id = e.id) as attractions,
          ${iso(sql`e.created_at`)} as created, ${iso(sql`e.updated_at`)} as updated
        from events e where e.user_id = ${userId} order by e.starts_at, e.id`,
  );
}

export function flyersOf(db: Db, userId: string): Promise<Json[]> {
  return queryRows<Json>(
    db,
    sql`select f.id, f.event_id as "eventId", f.name, f.content_type as "contentType", f.content_json as "contentJson", f.image_path as "imagePath",
          ${iso(sql`f.created_at`)} as created, ${iso(sql`f.updated_at`)} as updated
        from flyers f where f.user_id = ${userId} order by f.created_at, f.id`,
  );
}

export function documentsOf(db: Db, userId: string): Promise<Json[]> {
  return queryRows<Json>(
    db,
    sql`select d.id, d.event_id as "eventId", d.title, d.content_type as "contentType", d.content_json as "contentJson", d.visibility, d.version,
          ${iso(sql`d.created_at`)} as created, ${iso(sql`d.updated_at`)} as updated
        from project_documents d where d.user_id = ${userId} order by d.created_at, d.id`,
  );
}

export function linksOf(db: Db, userId: string): Promise<Json[]> {
  return queryRows<Json>(
    db,
    sql`select l.id, l.type, l.event_id as "eventId", e.name as "eventName", ${iso(sql`l.created_at`)} as created
        from event_links l join events e on e.id = l.event_id where l.user_id = ${userId} order by l.created_at, l.id`,
  );
}

export function goingOf(db: Db, userId: string): Promise<Json[]> {
  return queryRows<Json>(
    db,
    sql`select g.event_id as "eventId", e.name as "eventName", g.state, g.guests, g.answers, g.decline_message as "declineMessage",
          ${iso(sql`g.created_at`)} as created, ${iso(sql`g.updated_at`)} as updated
        from going g join events e on e.id = g.event_id where g.user_id = ${userId} order by g.created_at, g.id`,
  );
}

export function calendarsOf(db: Db, userId: string): Promise<Json[]> {
  return queryRows<Json>(
    db,
    sql`select c.id, c.name, c.kind, c.query, ${iso(sql`c.created_at`)} as created, ${iso(sql`c.updated_at`)} as updated
        from calendars c where c.user_id = ${userId} order by c.created_at, c.id`,
  );
}

export async function followsOf(db: Db, userId: string): Promise<{ following: Json[]; followers: Json[] }> {
  const [following, followers] = await Promise.all([
    queryRows<Json>(
      db,
      sql`select u.id, u.name, ${iso(sql`f.created_at`)} as since from user_follows f join users u on u.id = f.followee_id where f.follower_id = ${userId} order by f.created_at`,
    ),
    queryRows<Json>(
      db,
      sql`select u.id, u.name, ${iso(sql`f.created_at`)} as since from user_follows f join users u on u.id = f.follower_id where f.followee_id = ${userId} order by f.created_at`,
    ),
  ]);
  return { following, followers };
}

/** The stored files of everything the account owns: event thumbnails, flyer images, line-up pictures, document images. */
export async function filesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await queryRows<{ path: string }>(
    db,
    sql`select thumbnail_path as path from events where user_id = ${userId} and thumbnail_path is not null
        union select image_path from flyers where user_id = ${userId} and image_path is not null
        union select a.picture_path from attractions a join events e on e.id = a.event_id where e.user_id = ${userId} and a.picture_path is not null
        union select i.path from project_document_images i join project_documents d on d.id = i.document_id where d.user_id = ${userId}`,
  );
  return rows.map((r) => r.path);
}

/** Of these files, those something still points at (the demo's events share their pictures). */
export async function stillUsed(db: Db, paths: string[]): Promise<Set<string>> {
  if (!paths.length) return new Set();
  const list = sql.join(paths.map((p) => sql`${p}`), sql`, `);
  const rows = await queryRows<{ path: string }>(
    db,
    sql`select thumbnail_path as path from events where thumbnail_path in (${list})
        union select image_path from flyers where image_path in (${list})
        union select picture_path from attractions where picture_path in (${list})
        union select path from project_document_images where path in (${list})`,
  );
  return new Set(rows.map((r) => r.path));
}
