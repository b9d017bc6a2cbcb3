import { ADD_ON_DOWNLOAD_HTML, parseFlyerContent, safeFileName } from '@hubbub/contract';
import type { AppContext, AuthInfo } from '../../app-context.js';
import { addOnRequired, notFound } from '../../lib/app-error.js';
import { inlineImage } from '../../lib/html-file.js';
import { getEvent } from '../event-details/service.js';
import { findUserById } from '../users/service.js';
import { locatorMapSvg } from '../../lib/locator-map.js';
import { renderEventHtml } from './render.js';

/**
 * An event as one self-contained HTML file, for holders of the Download.HTML add-on. The add-on
 * is read from the database (a token may be older than a cancellation); the event is read as
 * its page shows it to this person, so drafts stay their host's.
 */
export async function eventHtml(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<{ fileName: string; html: string }> {
  const { ctx, auth } = opts;
  const user = await findUserById(ctx.db, auth.tenant.id, auth.userId);
  if (!user) throw notFound('The account no longer exists.');
  if (!user.addOns.includes(ADD_ON_DOWNLOAD_HTML)) {
    throw addOnRequired(`Downloading an event as HTML needs the ${ADD_ON_DOWNLOAD_HTML} add-on. Add it on your Subscription page (Account → Subscription).`);
  }
  const event = await getEvent({ ctx, tenant: auth.tenant, id: opts.id, viewerId: auth.userId });
  const flyerImages = new Map<string, string>();
  for (const flyer of event.flyers) {
    const content = parseFlyerContent(flyer.contentJson);
    const picture = content.success ? await inlineImage(ctx.files, content.data.imagePath) : null;
    if (picture) flyerImages.set(flyer.id, picture);
  }
  const html = renderEventHtml({
    event,
    thumbnail: await inlineImage(ctx.files, event.thumbnailPath),
    flyerImages,
    mapSvg: event.area ? locatorMapSvg(event.area.latitude, event.area.longitude) : null,
    generatedAt: new Date(),
  });
  return { fileName: safeFileName(`${event.name}.html`), html };
}
