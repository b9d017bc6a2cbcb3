/**
 * Event thumbnails are stored at most 1280x720 (the event page shows them wide); the lists show
 * them 88-112 px wide. Each stored under /uploads/thumbnails/ has a 240x135 copy (enough for a
 * card on a 2x screen) at the same name under /uploads/thumbnails/small/, made by the server on
 * first request: a card's picture is about 3 KB instead of 12.
 */
export const SMALL_THUMBNAIL = { width: 240, height: 135 } as const;

export const THUMBNAILS_PREFIX = '/uploads/thumbnails/';
export const SMALL_THUMBNAILS_PREFIX = '/uploads/thumbnails/small/';

/** A stored thumbnail's file name as the small copy's route takes it: letters, digits, dots, dashes, underscores. */
export const THUMBNAIL_FILE_NAME = /^[\w-][\w.-]*\.webp$/;

/** The small copy of a thumbnail stored by this server; null for any other address (a bucket's URL), which is shown as it is. */
export function smallThumbnailPath(path: string): string | null {
  if (!path.startsWith(THUMBNAILS_PREFIX)) return null;
  const name = path.slice(THUMBNAILS_PREFIX.length);
  return THUMBNAIL_FILE_NAME.test(name) ? `${SMALL_THUMBNAILS_PREFIX}${name}` : null;
}
