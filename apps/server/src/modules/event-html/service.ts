import { ADD_ON_DOWNLOAD_HTML, parseFlyerContent, safeFileName } from '@hubbub/contract';
import type { AppContext, AuthInfo } from '../../app-context.js';
import { addOnRequired, notFound } from '../../lib/app-error.js';
import { getEvent } from '../event-details/service.js';
import { findUserById } from '../users/service.js';
import { locatorMapSvg } from './locator-map.js';
import { renderEventHtml } from './render.js';

/** The types uploads are stored as (all re-encoded by sharp); anything else is not inlined. */
function imageTypeOf(data: Buffer): string | null {
  if (data.length > 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (data.length > 8 && data[0] === 0x89 && data.toString('latin1', 1, 4) === 'PNG') return 'image/png';
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length > 6 && data.toString('latin1', 0, 3) === 'GIF') return 'image/gif';
  return null;
}

/** A stored picture as a data: URL; a missing file or a store that fails leaves it out rather than failing the download. */
async function inline(ctx: AppContext, publicPath: string | null | undefined): Promise<string | null> {
  if (!publicPath) return null;
  try {
    const data = await ctx.files.get(publicPath);
    const type = data && imageTypeOf(data);
    return type ? `data:${type};base64,${data.toString('base64')}` : null;
  } catch {
    return null;
  }
}

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
    const picture = content.success ? await inline(ctx, content.data.imagePath) : null;
    if (picture) flyerImages.set(flyer.id, picture);
  }
  const html = renderEventHtml({
    event,
    thumbnail: await inline(ctx, event.thumbnailPath),
    flyerImages,
    mapSvg: event.area ? locatorMapSvg(event.area.latitude, event.area.longitude) : null,
    generatedAt: new Date(),
  });
  return { fileName: safeFileName(`${event.name}.html`), html };
}
