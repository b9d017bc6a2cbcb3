import type { z } from 'zod';
import { EventCreateSchema, EventStatus, type EventCreate } from '@hubbub/contract';
import type { AppContext } from '../../app-context.js';
import { UNIQUE_VIOLATION, pgErrorCode, type Db } from '../../db/client.js';
import * as repo from './repository.js';
import * as remote from './remote-repository.js';
import { nextFreeSlug, slugify } from './slug.js';

// Events other servers published, taken in by modules/federation from the actors an admin follows.
// They are events like any other for search, the map and following; they carry their origin, are
// hosted by the remote account that sent them, take no Going here and are never published again.

/** What another server said of its event, as local input: checked by the same schema as a host's form. */
export type RemoteEventInput = Pick<EventCreate, 'name' | 'startDate' | 'endDate' | 'timeZone' | 'venue' | 'area' | 'contentJson'> & { canceled: boolean };

/** Takes in (or updates) another server's event; undefined when it does not pass the checks a host's event passes, or another account holds it. */
export async function saveRemoteEvent(opts: {
  ctx: AppContext;
  tenantId: string;
  userId: string;
  originId: string;
  originUrl: string;
  input: RemoteEventInput;
}): Promise<{ id: string; created: boolean } | { refused: string }> {
  const { ctx, tenantId, userId, originId, originUrl } = opts;
  const parsed = EventCreateSchema.safeParse({ ...opts.input, contentType: 'text/plain' });
  if (!parsed.success) return { refused: parsed.error.issues.map((i) => i.message).join(' ') };
  const values = valuesOf(parsed.data, opts.input.canceled);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const known = await remote.findByOrigin(tx, { tenantId, originId });
        if (known && known.userId !== userId) return { refused: 'Another account published this event.' };
        if (known) {
          await remote.updateRemote(tx, known.id, { ...values, originUrl }, ctx.now());
          await repo.refreshSearchText(tx, known.id);
          return { id: known.id, created: false };
        }
        const base = slugify(values.name);
        const slug = nextFreeSlug(base, await repo.slugsLike(tx, tenantId, base));
        const id = await remote.insertRemote(tx, { ...values, tenantId, userId, slug, originId, originUrl });
        await repo.refreshSearchText(tx, id);
        return { id, created: true };
      });
    } catch (error) {
      // Two events of one name taken in at once: the slug is picked again.
      if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
    }
  }
  return { refused: 'The event could not be given a unique address.' };
}

function valuesOf(input: z.output<typeof EventCreateSchema>, canceled: boolean): repo.EventValues {
  return {
    name: input.name,
    startsAt: new Date(input.startDate),
    endsAt: new Date(input.endDate),
    timeZone: input.timeZone,
    publishOn: null,
    contentType: input.contentType,
    contentJson: input.contentJson,
    externalEventType: null,
    externalEventJson: null,
    venue: input.venue,
    area: { ...input.area, id: null, userId: null },
    lat: input.area.latitude,
    lng: input.area.longitude,
    status: canceled ? EventStatus.Canceled : EventStatus.Created,
  };
}

/** Another server deleted its event, or one of the follows ended (an account's, or a whole server's): answers how many events went. */
export function dropRemoteEvents(opts: { ctx: AppContext; db?: Db; tenantId: string } & remote.RemoteEventsScope): Promise<number> {
  return remote.deleteRemote(opts.db ?? opts.ctx.db, opts);
}

/** Other servers' events that have ended go: their origin keeps them, and search here shows what is to come. */
export function dropEndedRemoteEvents(opts: { ctx: AppContext; tenantId: string }): Promise<number> {
  return remote.deleteEndedRemote(opts.ctx.db, { tenantId: opts.tenantId, now: opts.ctx.now() });
}
