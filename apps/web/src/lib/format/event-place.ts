import type { Area } from '@hubbub/contract';

/** "Blue Note · Austin, TX": the venue and where it is, whichever are known. */
export function eventPlace(venue: string | null, area: Area | null): string {
  const where = area ? [area.city, area.state].filter(Boolean).join(', ') || area.name : '';
  return [venue, where].filter(Boolean).join(' · ');
}
