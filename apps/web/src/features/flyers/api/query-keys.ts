/** Flyer query keys; mutations invalidate by these prefixes. */
export const flyerKeys = {
  event: (eventId: string) => ['event-flyers', eventId] as const,
};

/**
 * The event page's cache (events feature) embeds the flyers; features do not import one
 * another, so its prefix is repeated here.
 */
export const eventDetailKey = (eventId: string) => ['event', eventId] as const;
