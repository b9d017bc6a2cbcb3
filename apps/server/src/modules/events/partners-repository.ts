import { sql } from 'drizzle-orm';
import { EVENT_PARTNERS_LIST_MAX, EVENT_PARTNERS_SCAN_MAX, type EventPartners } from '@hubbub/contract';
import { queryRows, type Db } from '../../db/client.js';
import { firstMatches, type SearchFilter } from './search-repository.js';

/**
 * The partners drawer of a search in one statement: its events' hosts, and the partners and
 * sponsors their line-ups name (one per name in any case, the name and picture of one of them),
 * each with how many of the events are theirs. A whole-country view holds hundreds of thousands of
 * events, so it counts the first EVENT_PARTNERS_SCAN_MAX by start (one more tells there are more).
 */
export async function searchPartners(db: Db, f: SearchFilter): Promise<EventPartners> {
  const matches = firstMatches(f, sql`e.id, e.user_id`, EVENT_PARTNERS_SCAN_MAX + 1);
  const [row] = await queryRows<{ answer: Omit<EventPartners, 'complete'> }>(
    db,
    sql`with matches as materialized (${matches}),
      counted as (select id, user_id from matches order by s, id limit ${EVENT_PARTNERS_SCAN_MAX}),
      hosts as (select user_id, count(*)::int as n from counted group by user_id order by n desc, user_id limit ${EVENT_PARTNERS_LIST_MAX}),
      partners as (
        select lower(a.name) as key, min(a.name) as name, min(a.kind) as kind, max(a.picture_path) as picture, count(distinct a.event_id)::int as n
        from counted c join attractions a on a.event_id = c.id
        where a.kind in ('partner', 'sponsor')
        group by lower(a.name) order by n desc, key limit ${EVENT_PARTNERS_LIST_MAX})
    select json_build_object(
      'counted', (select count(*)::int from matches),
      'hosts', (select coalesce(json_agg(json_build_object('userId', u.id, 'name', u.name, 'events', h.n) order by h.n desc, lower(u.name), u.id), '[]'::json)
                from hosts h join users u on u.id = h.user_id),
      'partners', (select coalesce(json_agg(json_build_object('key', p.key, 'name', p.name, 'kind', p.kind, 'picturePath', p.picture, 'events', p.n) order by p.n desc, p.key), '[]'::json)
                from partners p)
    ) as answer`,
  );
  const { counted, hosts, partners } = row.answer;
  return { hosts, partners, counted: Math.min(counted, EVENT_PARTNERS_SCAN_MAX), complete: counted <= EVENT_PARTNERS_SCAN_MAX };
}
