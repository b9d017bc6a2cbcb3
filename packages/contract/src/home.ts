import { z } from 'zod';
import { ENGINE } from './api-prefixes.js';
import { TimeZoneSchema } from './dates.js';
import { defineEndpoints, endpoint } from './endpoint.js';
import { EventSummarySchema } from './events.js';
import { CheckInCountsSchema } from './check-in-hub.js';

// The signed-in person's home: what's on for them, in one call.

/**
 * How the person is tied to an event: they host it, help run it (co-host or door staff: co-hosts.ts), hold a seat (Attendee), were offered one from
 * the waitlist, wait in its line, wait for the host's approval, or follow it; null: none of these.
 */
export const HomeRelationSchema = z.enum(['host', 'co-host', 'check-in', 'attendee', 'offered', 'waitlisted', 'pending', 'follower']);
export type HomeRelation = z.infer<typeof HomeRelationSchema>;

export const HomeEventSchema = EventSummarySchema.extend({
  relation: HomeRelationSchema.nullable(),
  /** The person's place in the event's line (1 is next) when `relation` is `waitlisted`. */
  waitlistPlace: z.number().int().nullable(),
  /** At an event they host that runs now or starts within a day: seats checked in of seats held (the door's counts); null otherwise. */
  door: CheckInCountsSchema.nullable(),
}).meta({ id: 'HomeEvent' });
export type HomeEvent = z.infer<typeof HomeEventSchema>;

/**
 * Where "near you" is: the city of the profile's Location, else the place of the person's own next
 * events, else the city their time zone is named after (no geolocation is asked for); null when
 * none of these gives a place.
 */
export const HomeAreaSchema = z
  .object({
    name: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    /** A map zoom that shows the area (for a link to the search). */
    zoom: z.number(),
    source: z.enum(['profile', 'events', 'timeZone']),
  })
  .meta({ id: 'HomeArea' });
export type HomeArea = z.infer<typeof HomeAreaSchema>;

/** A stretch of time near the area: events that run in it, soonest first. */
export const HomeWindowSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    /** The same stretch as the search's date window: its first day (YYYY-MM-DD, in the zone asked) and how many days. */
    searchFrom: z.string(),
    searchDays: z.number().int(),
    events: z.array(HomeEventSchema),
  })
  .meta({ id: 'HomeWindow' });
export type HomeWindow = z.infer<typeof HomeWindowSchema>;

/**
 * A live event shows under liveNow only; tonight does not repeat in the weekend, nor the person's
 * next events in fromFollowing. Tonight and the weekend are about the place, so an event of the
 * person's own may show there and in `next`.
 */
export const HomeSchema = z
  .object({
    /** The zone "tonight" and "this weekend" were read in. */
    timeZone: z.string(),
    area: HomeAreaSchema.nullable(),
    /** Live buzzes of events they host, go to or follow, of people they follow, and public ones near the area. */
    liveNow: z.array(HomeEventSchema),
    /** Public events near the area from 5 PM today (or now, if later) until 4 AM. */
    tonight: HomeWindowSchema,
    /** Public events near the area from Friday 5 PM to Monday 4 AM; on a Sunday, the next weekend's (`isNext`). */
    weekend: HomeWindowSchema.extend({ isNext: z.boolean() }),
    /** What they host (drafts too), go to or follow that has not ended, soonest first. */
    next: z.array(HomeEventSchema),
    /** Upcoming public events hosted by people they follow, soonest first. */
    fromFollowing: z.array(HomeEventSchema),
    /** How many people they follow (an empty `fromFollowing` reads differently with none). */
    followingCount: z.number().int(),
  })
  .meta({ id: 'Home' });
export type Home = z.infer<typeof HomeSchema>;

/** The reader's IANA time zone, which "tonight" and "this weekend" are read in (the browser's). */
export const HomeQuerySchema = z.object({ timeZone: TimeZoneSchema });
export type HomeQuery = z.input<typeof HomeQuerySchema>;

/** Events per section at most. */
export const HOME_SECTION_SIZE = 12;

export const homeApi = defineEndpoints('home', {
  get: endpoint('GET', `${ENGINE}/home/`, {
    summary: "The signed-in person's home: live now, tonight and this weekend near them, their next events, and what people they follow host",
    auth: 'bearer',
    query: HomeQuerySchema,
    answer: HomeSchema,
    problems: [400, 404],
  }),
});
