import type { AppContext, TenantRef } from '../../app-context.js';
import { postMessage } from '../chats/service.js';
import * as repo from './repository.js';

/** Who says what in the live event's chat, oldest first; `host` is River, the others are demo people and hosts. */
const SCRIPT: [who: string, text: string][] = [
  ['host3@hubbub.local', 'Made it! Table by the window, the sound is great tonight'],
  ['demo@hubbub.local', 'Watching from Kansas City 👋 wish I was there'],
  ['river@hubbub.local', 'Welcome in, everyone! Trio is up first, then the open jam'],
  ['host1@hubbub.local', 'That bass line on the opener 🔥'],
  ['maya@hubbub.local', 'Is the open jam sign-up still open?'],
  ['river@hubbub.local', 'Yes! Sign up at the bar, slots every 15 minutes'],
  ['host5@hubbub.local', 'Happy hour until eleven, right? Asking for a friend 🍸'],
  ['host2@hubbub.local', 'First time here. This room is so good'],
  ['host6@hubbub.local', 'Set list from last night if anyone wants it: https://example.org/green-room/set-list'],
  ['demo@hubbub.local', 'Can you play Take the A Train in the next set?'],
  ['river@hubbub.local', 'Noted, Dana 🎷'],
  ['host4@hubbub.local', 'Tipped the jar: music school kids deserve it'],
  ['host3@hubbub.local', 'Trumpet player at the jam just stole the show'],
  ['maya@hubbub.local', 'Bringing the whole market crew next Saturday'],
  ['host1@hubbub.local', 'Encore! Encore!'],
  ['river@hubbub.local', 'Short break, back in ten. Thanks for the love, everybody'],
];

/** Seconds between two lines of the script, so the room reads as the last quarter hour. */
const SPACING_S = 50;

/**
 * The live event's chat, said through the chat's own service (its rules, its history, the hub when
 * it runs): a room already talking when a newcomer opens the buzz.
 */
export async function seedShowcaseChat(ctx: AppContext, tenant: TenantRef, eventId: string): Promise<void> {
  const emails = [...new Set(SCRIPT.map(([who]) => who))];
  const people = new Map((await repo.usersByEmail(ctx.db, tenant.id, emails)).map((p) => [p.email, p.id]));
  const start = ctx.now().getTime() - SCRIPT.length * SPACING_S * 1000;
  for (const [i, [who, text]] of SCRIPT.entries()) {
    const userId = people.get(who);
    if (!userId) continue;
    await postMessage({ ctx, tenant, userId, eventId, text, at: new Date(start + i * SPACING_S * 1000) });
  }
}
