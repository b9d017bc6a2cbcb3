import { escapeHtml, htmlPage } from '../../lib/html-file.js';
import { formatDate, formatDateTime, formatRange, timeZoneLabel, type HubEvent, type Timeline } from '@hubbub/contract';
import { FLYER_CSS, flyerHtml } from '../../lib/flyer-html.js';

/** What the page is made of: the event as its own endpoint answers it, its pictures already as data: URLs. */
export interface EventPage {
  event: HubEvent;
  thumbnail: string | null;
  /** Each flyer's uploaded picture by flyer id. */
  flyerImages: Map<string, string>;
  mapSvg: string | null;
  generatedAt: Date;
}

/**
 * The page is kept and read offline, maybe years later, by whoever opens it: dates always name
 * their year and the event's own zone. The reader's locale is not known here: en-US.
 */
const DATES = { locale: 'en-US', year: true } as const;
const when = (iso: string, timeZone: string) => formatDateTime(iso, { ...DATES, timeZone, zoneName: true });
const span = (from: string, to: string, timeZone: string) => formatRange(from, to, { ...DATES, timeZone });

const STATES: Record<Timeline['state'], string> = { Scheduled: 'Scheduled', Active: 'On now', Done: 'Done', Canceled: 'Canceled' };

function timelineHtml(event: HubEvent): string {
  const timelines = (event.timelines as Timeline[]).slice().sort((a, b) => a.startDate.localeCompare(b.startDate));
  if (!timelines.length) return '<p class="muted">No flyers were launched for this event.</p>';
  const names = new Map(event.flyers.map((f) => [f.id, f.name]));
  const rows = timelines.map((t) => {
    const flyers = t.flyerIds.map((id) => escapeHtml(names.get(id) ?? 'A removed flyer')).join(', ');
    return `<li><strong>${escapeHtml(span(t.startDate, t.endDate, event.timeZone))}</strong> · ${flyers} <span class="state">${STATES[t.state] ?? escapeHtml(t.state)}</span></li>`;
  });
  return `<ol class="timeline">${rows.join('')}</ol>`;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1917;background:#fafaf9}
main{max-width:880px;margin:0 auto;padding:32px 20px 48px}h1{font-size:2rem;line-height:1.2;margin:0 0 8px}h2{font-size:1.25rem;margin:32px 0 12px}
.muted{color:#78716c}.hero{width:100%;aspect-ratio:16/9;object-fit:cover;border-radius:12px;display:block;margin:16px 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:16px 0}dt{color:#78716c}dd{margin:0}
.tags span{display:inline-block;background:#ede9fe;color:#5b21b6;border-radius:999px;padding:2px 10px;margin:0 6px 6px 0;font-size:.85rem}
.description{white-space:pre-wrap;overflow-wrap:anywhere}.map svg{width:100%;max-width:480px;height:auto;border-radius:12px;border:1px solid #e7e5e4}
${FLYER_CSS}.timeline{padding-left:20px}.timeline li{margin-bottom:6px}.state{color:#78716c;font-size:.85rem}footer{margin-top:40px;color:#a8a29e;font-size:.85rem}
`;

/**
 * The event as one HTML file that needs nothing else: styles inline, pictures as data: URLs,
 * the map drawn as SVG, and a policy that forbids every request, so opening it offline (or
 * years later) shows the same page and a hostile text can neither run nor call home.
 */
export function renderEventHtml(page: EventPage): string {
  const { event } = page;
  const area = event.area;
  const place = [area?.name, area?.city, area?.state, area?.country].filter((p, i, all): p is string => Boolean(p) && all.indexOf(p) === i).join(', ');
  const details = [
    ['Starts', when(event.startDate, event.timeZone)],
    ['Ends', when(event.endDate, event.timeZone)],
    ['Time zone', timeZoneLabel(event.timeZone, DATES)],
    ...(event.venue ? [['Venue', event.venue]] : []),
    ...(place ? [['Place', place]] : []),
    ...(area ? [['Coordinates', `${area.latitude.toFixed(5)}, ${area.longitude.toFixed(5)}`]] : []),
    ['Host', event.host.name],
  ];
  const tags = event.tags.length ? `<p class="tags">${event.tags.map((t) => `<span>${escapeHtml(t.name)}</span>`).join('')}</p>` : '';
  const description = event.contentJson ? `<h2>About</h2><p class="description">${escapeHtml(event.contentJson)}</p>` : '';
  const flyers = event.flyers.length
    ? `<div class="flyers">${event.flyers.map((f) => flyerHtml(f, page.flyerImages.get(f.id) ?? null)).join('')}</div>`
    : '<p class="muted">This event has no flyers.</p>';
  return htmlPage({
    title: event.name,
    style: STYLE,
    body: `<h1>${escapeHtml(event.name)}</h1>
<p class="muted">${escapeHtml(span(event.startDate, event.endDate, event.timeZone))}${event.venue ? ` · ${escapeHtml(event.venue)}` : ''}</p>
${page.thumbnail ? `<img class="hero" src="${page.thumbnail}" alt="">` : ''}
<dl>${details.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>
${tags}
${description}
${page.mapSvg ? `<h2>Where</h2><div class="map">${page.mapSvg}</div>` : ''}
<h2>Flyers</h2>
${flyers}
<h2>Timeline</h2>
${timelineHtml(event)}
<footer>Saved from Hubbub on ${escapeHtml(formatDate(page.generatedAt, { ...DATES, timeZone: event.timeZone, weekday: false }))}.</footer>`,
  });
}
