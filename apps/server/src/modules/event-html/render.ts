import { escapeHtml, htmlPage } from '../../lib/html-file.js';
import { parseFlyerContent, type FlyerBlock, type FlyerContent, type HubEvent, type Timeline } from '@hubbub/contract';

/** What the page is made of: the event as its own endpoint answers it, its pictures already as data: URLs. */
export interface EventPage {
  event: HubEvent;
  thumbnail: string | null;
  /** Each flyer's uploaded picture by flyer id. */
  flyerImages: Map<string, string>;
  mapSvg: string | null;
  generatedAt: Date;
}


/** Colours reach CSS only in the #rrggbb form the flyer schema allows; anything else is dropped. */
const colour = (c: string) => (/^#[0-9a-f]{6}$/i.test(c) ? c : '#000000');
const pct = (n: number) => `${Math.round(n * 100000) / 1000}%`;
/** Flyer sizes are pixels on a 400-pixel-wide card, as the app's renderer reads them. */
const cqw = (px: number) => `${Math.round((px / 400) * 100000) / 1000}cqw`;

function when(iso: string, timeZone: string): string {
  const zone = (() => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      return timeZone;
    } catch {
      return 'UTC';
    }
  })();
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
}

function blockHtml(block: FlyerBlock, picture: string | null): string {
  const top = pct(block.y);
  if (block.kind === 'text') {
    const base = `top:${top};text-align:${block.align};color:${colour(block.color)};font-size:${cqw(block.fontSize)};`;
    const place =
      block.align === 'left'
        ? `left:${pct(block.x)};max-width:${pct(1 - block.x)};transform:translateY(-50%)`
        : block.align === 'right'
          ? `right:${pct(1 - block.x)};max-width:${pct(block.x)};transform:translateY(-50%)`
          : `left:${pct(block.x)};width:max-content;max-width:${pct(Math.min(block.x, 1 - block.x) * 2)};transform:translate(-50%,-50%)`;
    return `<p class="t" style="${base}${place}">${escapeHtml(block.text)}</p>`;
  }
  const centred = `top:${top};left:${pct(block.x)};transform:translate(-50%,-50%);`;
  if (block.kind === 'emoji') return `<span class="e" style="${centred}font-size:${cqw(block.size)}">${escapeHtml(block.emoji)}</span>`;
  return picture ? `<img class="i" style="${centred}width:${pct(block.width)}" src="${picture}" alt="">` : '';
}

function backgroundOf(content: FlyerContent): string {
  const b = content.background;
  if (b.kind === 'solid') return colour(b.color);
  const stops = b.colors.length === 1 ? [b.colors[0], b.colors[0]] : b.colors;
  return `linear-gradient(${Math.round(b.angle)}deg, ${stops.map(colour).join(', ')})`;
}

function flyerHtml(flyer: HubEvent['flyers'][number], picture: string | null): string {
  const parsed = parseFlyerContent(flyer.contentJson);
  const name = `<figcaption>${escapeHtml(flyer.name)}</figcaption>`;
  if (!parsed.success) return `<figure class="flyer"><div class="card fallback">This flyer can't be shown</div>${name}</figure>`;
  const blocks = parsed.data.blocks.map((b) => blockHtml(b, picture)).join('');
  return `<figure class="flyer" id="flyer-${escapeHtml(flyer.id)}"><div class="card" style="background:${backgroundOf(parsed.data)}">${blocks}</div>${name}</figure>`;
}

const STATES: Record<Timeline['state'], string> = { Scheduled: 'Scheduled', Active: 'On now', Done: 'Done', Canceled: 'Canceled' };

function timelineHtml(event: HubEvent): string {
  const timelines = (event.timelines as Timeline[]).slice().sort((a, b) => a.startDate.localeCompare(b.startDate));
  if (!timelines.length) return '<p class="muted">No flyers were launched for this event.</p>';
  const names = new Map(event.flyers.map((f) => [f.id, f.name]));
  const rows = timelines.map((t) => {
    const flyers = t.flyerIds.map((id) => escapeHtml(names.get(id) ?? 'A removed flyer')).join(', ');
    return `<li><strong>${escapeHtml(when(t.startDate, event.timeZone))}</strong> to ${escapeHtml(when(t.endDate, event.timeZone))} · ${flyers} <span class="state">${STATES[t.state] ?? escapeHtml(t.state)}</span></li>`;
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
.flyers{display:flex;flex-wrap:wrap;gap:20px}.flyer{margin:0;width:280px}.flyer figcaption{margin-top:6px;font-weight:600}
.card{position:relative;container-type:inline-size;aspect-ratio:4/5;overflow:hidden;border-radius:10px;box-shadow:0 1px 3px rgba(0,0,0,.2);isolation:isolate}
.card .t{position:absolute;margin:0;line-height:1.2;font-weight:700;white-space:pre-wrap;overflow-wrap:anywhere;box-sizing:border-box;padding-inline:3cqw}
.card .e{position:absolute;line-height:1;font-family:"Noto Color Emoji","Apple Color Emoji","Segoe UI Emoji",sans-serif}
.card .i{position:absolute;display:block;height:auto;border-radius:2cqw}.fallback{display:flex;align-items:center;justify-content:center;background:#f5f5f4;color:#78716c}
.timeline{padding-left:20px}.timeline li{margin-bottom:6px}.state{color:#78716c;font-size:.85rem}footer{margin-top:40px;color:#a8a29e;font-size:.85rem}
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
    ['Time zone', event.timeZone],
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
<p class="muted">${escapeHtml(when(event.startDate, event.timeZone))}${event.venue ? ` · ${escapeHtml(event.venue)}` : ''}</p>
${page.thumbnail ? `<img class="hero" src="${page.thumbnail}" alt="">` : ''}
<dl>${details.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>
${tags}
${description}
${page.mapSvg ? `<h2>Where</h2><div class="map">${page.mapSvg}</div>` : ''}
<h2>Flyers</h2>
${flyers}
<h2>Timeline</h2>
${timelineHtml(event)}
<footer>Saved from Hubbub on ${escapeHtml(page.generatedAt.toISOString().slice(0, 10))}.</footer>`,
  });
}
