import type { Flyer } from '@hubbub/contract';
import type { FlyerRow } from './repository.js';

/**
 * The stored design never holds the image; its path lives in its own column (set only
 * by uploads) and is put into contentJson on the way out, so a client cannot point a
 * flyer at an outside address and an upload racing an edit cannot be lost.
 */
export function toFlyer(row: FlyerRow): Flyer {
  let contentJson = row.contentJson;
  if (row.imagePath) {
    const content = JSON.parse(row.contentJson) as Record<string, unknown>;
    contentJson = JSON.stringify({ ...content, imagePath: row.imagePath });
  }
  return { id: row.id, eventId: row.eventId, name: row.name, contentType: row.contentType, contentJson, isActivated: row.isActivated };
}
