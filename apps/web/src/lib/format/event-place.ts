import { usStateName, type Area } from '@hubbub/contract';

/**
 * "Blue Note · Austin, TX": the venue and where it is, whichever are known; with `fullState`
 * (where there is room, as on the event page) "Blue Note · Austin, Texas".
 */
export function eventPlace(venue: string | null, area: Area | null, { fullState = false }: { fullState?: boolean } = {}): string {
  const state = area?.state && fullState ? usStateName(area.state) : area?.state;
  const where = area ? [area.city, state].filter(Boolean).join(', ') || area.name : '';
  return [venue, where].filter(Boolean).join(' · ');
}
