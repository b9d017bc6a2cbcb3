/** Query keys of the buzz screen; prefixes so a launch can invalidate the timeline. */
export const buzzKeys = {
  timelines: (eventId: string) => ['event-timelines', eventId] as const,
  flyers: (eventId: string) => ['event-flyers', eventId] as const,
  partners: (eventId: string) => ['event-partners', eventId] as const,
};
