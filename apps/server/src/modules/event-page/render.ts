import {
  ATTRACTION_KIND_LABELS,
  EVENT_PHASE_LABELS,
  eventPhase,
  formatDateTime,
  formatNumber,
  formatRange,
  formatTime,
  lineUpBySetTime,
  publicEventPath,
  spansDays,
  usStateName,
  timeZoneLabel,
  type Area,
  type EventPhase,
  type HubEvent,
  type Series,
  EventStatus,
  formatDate,
  seriesRuleWords,
  originHost,
} from '@hubbub/contract';
import { flyerHtml, flyerPicturePath } from '../../lib/flyer-html.js';
import { escapeHtml } from '../../lib/html-file.js';
import { PAGE_CSS } from './styles.js';

/** What the public page shows: the event as everyone may read it, and what the server drew for it. */
export interface PublicEventView {
  event: HubEvent;
  /** The address people use (PUBLIC_URL), without a trailing slash. */
  siteUrl: string;
  /** The picture link previews show: the event's own or a drawn card, absolute, with its type. */
  image: { url: string; type: 'image/jpeg' | 'image/png' };
  /** The reader's locale (Accept-Language), for every date and number. */
  locale: string;
  now: Date;
  mapSvg: string | null;
  /** The host's capacity (null: no limit), the seats taken and how many wait in line (modules/going). */
  seats: { capacity: number | null; seatsTaken: number; waitlisted: number };
  documents: { id: string; title: string; html: string }[];
  /** The series this event is a date of (modules/series): its rule and the dates to come a visitor may open. */
  series: Series | null;
  /** The page's script (`/e/event-page.js?v=…`) and the worker it starts for the reader's time. */
  scriptUrl: string;
  workerUrl: string;
  /** With federation on and a public event: the site's handle to follow, and the event's ActivityPub object (a link pasted into Mastodon resolves to it). */
  fediverse: { handle: string; objectUrl: string | null } | null;
}

const e = escapeHtml;

/** Icons drawn inline (Tabler's outlines, MIT): decorative, beside words that say the same. */
const ICONS = {
  calendar: 'M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zM16 3v4M8 3v4M4 11h16',
  pin: 'M9 11a3 3 0 1 0 6 0a3 3 0 0 0-6 0M17.66 16.66l-4.25 4.24a2 2 0 0 1-2.83 0l-4.24-4.24a8 8 0 1 1 11.32 0z',
  host: 'M8 7a4 4 0 1 0 8 0a4 4 0 0 0-8 0M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2',
  people: 'M5 7a4 4 0 1 0 8 0a4 4 0 1 0-8 0M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2M16 3.13a4 4 0 0 1 0 7.75M21 21v-2a4 4 0 0 0-3-3.85',
  check: 'M5 12l5 5l10-10',
  bell: 'M10 5a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3a4 4 0 0 0 2 3H4a4 4 0 0 0 2-3v-3a7 7 0 0 1 4-6M9 17v1a3 3 0 0 0 6 0v-1',
  calendarPlus: 'M12.5 21H6a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v5M16 3v4M8 3v4M4 11h16M16 19h6M19 16v6',
  share: 'M3 12a3 3 0 1 0 6 0a3 3 0 1 0-6 0M15 6a3 3 0 1 0 6 0a3 3 0 1 0-6 0M15 18a3 3 0 1 0 6 0a3 3 0 1 0-6 0M8.7 10.7l6.6-3.4M8.7 13.3l6.6 3.4',
} as const;

const icon = (name: keyof typeof ICONS) =>
  `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="${ICONS[name]}"/></svg>`;

/** The Hubbub mark (the favicon's speech bubble). */
export const BRAND_MARK =
  '<svg viewBox="0 0 64 64" aria-hidden="true" focusable="false"><rect width="64" height="64" rx="14" fill="#7048e8"/><path d="M14 20a6 6 0 0 1 6-6h24a6 6 0 0 1 6 6v16a6 6 0 0 1-6 6H30l-9 8v-8h-1a6 6 0 0 1-6-6z" fill="#fff"/><circle cx="24" cy="28" r="3" fill="#7048e8"/><circle cx="32" cy="28" r="3" fill="#7048e8"/><circle cx="40" cy="28" r="3" fill="#7048e8"/></svg>';

/** "Blue Note · Austin, TX": the venue and where it is, whichever are known (as the web app's cards say it). */
export function placeOf(venue: string | null, area: Area | null): string {
  const where = area ? [area.city, area.state].filter(Boolean).join(', ') || area.name : '';
  return [venue, where].filter(Boolean).join(' · ');
}

/** `/login?redirect=/e/slug`: sign in (or register), then come back to `back`. */
export const signInPath = (back: string, page: 'login' | 'register' = 'login') => `/${page}?redirect=${encodeURIComponent(back)}`;

/** Text cut at a word to about `max` characters, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?·-]+$/, '')}…`;
}

/** The words a preview and a search result show under the name: when, where, who, and the start of the description. */
export function summaryOf(event: HubEvent, locale: string, now: Date): string {
  const when = formatDateTime(event.startDate, { locale, timeZone: event.timeZone, zoneName: true, now });
  const place = placeOf(event.venue, event.area);
  const head = [when, place].filter(Boolean).join(' · ');
  const about = event.contentJson?.trim() ? clip(event.contentJson, 160) : `Hosted by ${event.host.name} on Hubbub.`;
  return `${head}. ${about}`;
}

/** The site's header: the mark home to the search, and sign-in coming back to `back`. */
export function siteHeader(back: string): string {
  return `<a class="skip" href="#main">Skip to content</a>
<header class="bar"><div class="wrap"><a class="brand" href="/search">${BRAND_MARK}<span>Hubbub</span></a>
<nav aria-label="Site"><a href="/search">Find events</a><a href="${e(signInPath(back))}">Sign in</a></nav></div></header>`;
}

const FOOTER_TEXT = 'Hubbub: local events on a map, and the live buzz while they happen. <a href="/search">Find more events</a> · <a href="/register">Create an account</a>';
export const SITE_FOOTER = `<footer class="site"><div class="wrap"><p>${FOOTER_TEXT}</p></div></footer>`;

/** The footer of a public event on a federating site: how to follow its events from Mastodon or any fediverse app. */
function fediverseFooter(handle: string): string {
  return `<footer class="site"><div class="wrap"><p>${FOOTER_TEXT}</p><p class="fedi" data-testid="fediverse-handle">Follow this site's events from Mastodon or any fediverse app: <strong>${e(handle)}</strong></p></div></footer>`;
}

/** The document around a page's body: metadata, the inline styles, the deferred script. */
export function documentHtml(page: { title: string; head: string; body: string; script?: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(page.title)}</title>
${page.head}
<meta name="color-scheme" content="light dark">
<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)">
<meta name="theme-color" content="#1e1f24" media="(prefers-color-scheme: dark)">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${PAGE_CSS}</style>
${page.script ? `<script src="${e(page.script)}" defer></script>` : ''}
</head>
<body>
${page.body}
</body>
</html>
`;
}

function metaTags(view: PublicEventView, canonical: string, title: string, description: string): string {
  const { event, image } = view;
  const alt = `${event.name}: ${placeOf(event.venue, event.area) || 'an event on Hubbub'}`;
  const tags: [string, string, string][] = [
    ['name', 'description', description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Hubbub'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', canonical],
    ['property', 'og:image', image.url],
    ['property', 'og:image:type', image.type],
    ['property', 'og:image:width', '1200'],
    ['property', 'og:image:height', '630'],
    ['property', 'og:image:alt', alt],
    ['property', 'og:locale', view.locale.replace('-', '_')],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image.url],
    ['name', 'twitter:image:alt', alt],
    // An unlisted event is for those with its link: link previews work, search engines stay out.
    ...(event.visibility === 'public' ? [] : ([['name', 'robots', 'noindex']] as [string, string, string][])),
  ];
  const alternate = view.fediverse?.objectUrl ? [`<link rel="alternate" type="application/activity+json" href="${e(view.fediverse.objectUrl)}">`] : [];
  return [`<link rel="canonical" href="${e(canonical)}">`, ...alternate, ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${e(value)}">`)].join('\n');
}

function phaseBadge(phase: EventPhase): string {
  return `<p class="phase phase-${phase}" data-testid="event-phase">${e(EVENT_PHASE_LABELS[phase])}</p>`;
}

function notice(phase: EventPhase): string {
  if (phase === 'canceled') return '<p class="notice" role="note"><strong>This event was canceled.</strong> The host called it off; the details stay here for reference.</p>';
  if (phase === 'ended') return '<p class="notice" role="note">This event has ended.</p>';
  return '';
}

function factsHtml(view: PublicEventView): string {
  const { event, locale, now } = view;
  const when = formatRange(event.startDate, event.endDate, { locale, timeZone: event.timeZone, now });
  const area = event.area;
  // The state in full: the panel has the room.
  const place = area ? [area.streetAddress, [area.city, area.state && usStateName(area.state)].filter(Boolean).join(', ') || area.name].filter(Boolean).join(', ') : '';
  const going = event.linkCounts.Attendee;
  const following = event.linkCounts.Follow;
  const { capacity, seatsTaken, waitlisted } = view.seats;
  const n = (value: number) => e(formatNumber(value, { locale }));
  const left = capacity === null ? null : Math.max(0, capacity - seatsTaken);
  const seats =
    left === null ? '' : left === 0 || waitlisted ? ` <span class="sub" data-testid="seats-left">Full${waitlisted ? `: ${n(waitlisted)} on the waitlist` : ''}</span>` : ` <span class="sub" data-testid="seats-left">${n(left)} of ${n(capacity!)} seats left</span>`;
  const people = `<strong>${n(going)}</strong> going${seats}${following ? ` <span class="sub">${n(following)} following</span>` : ''}`;
  return `<dl class="facts">
<div class="fact"><dt>${icon('calendar')}When</dt><dd><time datetime="${e(event.startDate)}" lang="${e(locale)}" data-event-times data-start="${e(event.startDate)}" data-end="${e(event.endDate ?? '')}" data-zone="${e(event.timeZone)}" data-locale="${e(locale)}" data-worker="${e(view.workerUrl)}">${e(when)}</time>
<span class="sub">${e(timeZoneLabel(event.timeZone, { locale }))}</span><span class="sub" data-reader-time data-testid="reader-time" hidden></span></dd></div>
<div class="fact"><dt>${icon('pin')}Where</dt><dd>${event.venue ? `<strong>${e(event.venue)}</strong>` : ''}${place ? `<span class="${event.venue ? 'sub' : ''}">${e(place)}</span>` : ''}${!event.venue && !place ? 'No place given' : ''}</dd></div>
<div class="fact"><dt>${icon('host')}Host</dt><dd><a href="/person/${e(encodeURIComponent(event.host.id))}" data-testid="event-host">${e(event.host.name)}</a></dd></div>
<div class="fact"><dt>${icon('people')}Going</dt><dd data-testid="going-count">${people}</dd></div>
</dl>`;
}

function actionsHtml(view: PublicEventView, phase: EventPhase, back: string, canonical: string): string {
  const { event } = view;
  const over = phase === 'ended' || phase === 'canceled';
  const { capacity, seatsTaken, waitlisted } = view.seats;
  const full = waitlisted > 0 || (capacity !== null && seatsTaken >= capacity);
  // Another server's event keeps its list there: Going is said on its page.
  const going = over
    ? ''
    : event.origin
      ? `<a class="btn primary" href="${e(event.origin)}" rel="noopener noreferrer nofollow" data-testid="going-origin">${icon('check')}Say you're going on ${e(originHost(event.origin))}</a>`
      : `<a class="btn primary" href="${e(signInPath(back))}" data-testid="going-sign-in">${icon('check')}${full ? 'Sign in to join the waitlist' : "Sign in to say you're going"}</a>`;
  return `<div class="actions">
${going}
<a class="btn" href="${e(signInPath(back))}" data-testid="follow-sign-in">${icon('bell')}Sign in to follow</a>
<div class="row">
<a class="btn" href="${e(`${publicEventPath(event.slug)}/calendar.ics`)}" download data-testid="add-to-calendar">${icon('calendarPlus')}Add to calendar</a>
<a class="btn" href="${e(canonical)}" data-share data-title="${e(event.name)}" data-testid="share">${icon('share')}Share</a>
</div>
<p class="status" data-share-status role="status"></p>
<p class="hint">New to Hubbub? <a href="${e(signInPath(back, 'register'))}">Create an account</a> to follow events and watch their live buzz.</p>
</div>`;
}

/** While a buzz runs: the way to it, first thing under the name (it needs an account, so it goes by the sign-in). */
function liveHtml(event: HubEvent): string {
  return `<p class="notice live-now"><a class="btn live" href="${e(signInPath(`/buzz/${event.id}`))}" data-testid="watch-buzz">Watch the buzz<small>Live now: sign in to watch the flyers as they launch</small></a></p>`;
}

/** Two letters for an attraction without a picture ("The Night Owls" -> "TN"). */
const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]!.toUpperCase())
    .join('');

/** The line-up by set time, in the reader's locale and the event's zone (with the day when the event runs over several). */
function lineUpHtml(view: PublicEventView): string {
  const { event, locale } = view;
  if (!event.attractions.length) return '';
  const withDay = spansDays(event);
  const timeOf = (iso: string) => (withDay ? formatDateTime(iso, { locale, timeZone: event.timeZone }) : formatTime(iso, { locale, timeZone: event.timeZone }));
  const items = lineUpBySetTime(event.attractions).map((a) => {
    const picture = a.picturePath
      ? `<img class="act-picture" src="${e(a.picturePath)}" width="56" height="56" alt="" loading="lazy">`
      : `<span class="act-picture act-initials" aria-hidden="true">${e(initialsOf(a.name))}</span>`;
    const time = a.setTime ? `<time class="act-time" datetime="${e(a.setTime)}" data-testid="attraction-time">${e(timeOf(a.setTime))}</time> ` : '';
    const about = a.description ? `<p class="sub act-about">${e(a.description)}</p>` : '';
    const link = a.link ? `<a class="act-link" href="${e(a.link)}" rel="noopener noreferrer nofollow ugc">${e(new URL(a.link).hostname.replace(/^www\./, ''))}</a>` : '';
    return `<li class="act" data-testid="attraction">${picture}<div><p class="act-head">${time}<strong data-testid="attraction-name">${e(a.name)}</strong> <span class="act-kind">${e(ATTRACTION_KIND_LABELS[a.kind].one)}</span></p>${about}${link}</div></li>`;
  });
  return `<section aria-labelledby="line-up-title"><h2 id="line-up-title">Line-up</h2><ol class="line-up" data-testid="line-up">${items.join('')}</ol></section>`;
}

/** How many of a series' dates the page lists. */
const SERIES_DATES_SHOWN = 8;

/** The series' rule in words and its dates to come, each a link to its own page (this one marked). */
function seriesHtml(view: PublicEventView): string {
  const { event, series, locale, now } = view;
  if (!series) return '';
  const upcoming = series.dates.filter((d) => Date.parse(d.endDate) > now.getTime() || d.eventId === event.id).slice(0, SERIES_DATES_SHOWN);
  const items = upcoming.map((d) => {
    const when = `${formatDate(d.startDate, { locale, timeZone: series.timeZone })}, ${formatTime(d.startDate, { locale, timeZone: series.timeZone })}`;
    const canceled = d.status === EventStatus.Canceled ? ' <span class="muted">(canceled)</span>' : '';
    const line = d.eventId === event.id ? `<strong aria-current="page">${e(when)}</strong> <span class="muted">(this date)</span>` : `<a href="${e(publicEventPath(d.slug))}">${e(when)}</a>`;
    return `<li data-testid="series-date">${line}${canceled}</li>`;
  });
  return `<section aria-labelledby="series-title"><h2 id="series-title">${e(seriesRuleWords(series.rule, series.timeZone))}</h2><ul class="series-dates" data-testid="series-dates">${items.join('')}</ul></section>`;
}

function bodyHtml(view: PublicEventView): string {
  const { event } = view;
  const about = event.contentJson?.trim()
    ? `<p class="description" data-testid="event-description">${e(event.contentJson)}</p>`
    : '<p class="muted">The host has not written a description.</p>';
  const tags = event.tags.length ? `<ul class="tags" aria-label="Tags">${event.tags.map((t) => `<li>${e(t.name)}</li>`).join('')}</ul>` : '';
  const flyers = event.flyers.length
    ? `<section aria-labelledby="flyers-title"><h2 id="flyers-title">Flyers</h2><div class="flyers">${event.flyers.map((f) => flyerHtml(f, flyerPicturePath(f))).join('')}</div></section>`
    : '';
  const documents = view.documents.length
    ? `<section aria-labelledby="documents-title"><h2 id="documents-title">From the host</h2>${view.documents
        .map((d) => `<details data-testid="event-document"><summary>${e(d.title || 'Untitled document')}</summary><div class="doc">${d.html}</div></details>`)
        .join('')}</section>`
    : '';
  return `<section aria-labelledby="about-title"><h2 id="about-title">About</h2>${about}${tags}</section>${seriesHtml(view)}${lineUpHtml(view)}${flyers}${documents}`;
}

/**
 * The public page of one event: everything a person needs to decide, readable before any
 * script runs (the script only adds the reader's own time and the share sheet), and the tags
 * link previews read. Every text people typed is escaped; the documents come as HTML their own
 * module drew from their strict form.
 */
export function renderPublicEvent(view: PublicEventView): string {
  const { event, locale, now } = view;
  const path = publicEventPath(event.slug);
  const canonical = `${view.siteUrl}${path}`;
  const phase = eventPhase(event, now);
  const name = phase === 'canceled' ? `Canceled: ${event.name}` : event.name;
  const description = summaryOf(event, locale, now);
  const from = event.origin ? ` on <a href="${e(event.origin)}" rel="noopener noreferrer nofollow" data-testid="event-origin">${e(originHost(event.origin))}</a>` : '';
  const host = `Hosted by <a href="/person/${e(encodeURIComponent(event.host.id))}">${e(event.host.name)}</a>${from}`;
  const hero = event.thumbnailPath
    ? `<img class="hero" src="${e(event.thumbnailPath)}" width="1280" height="720" alt="" fetchpriority="high" data-testid="event-thumbnail">`
    : '';
  const body = `${siteHeader(path)}
<main id="main" class="wrap">
<article class="event" data-testid="public-event" data-event-id="${e(event.id)}">
<div class="title">${hero}${phaseBadge(phase)}<h1>${e(event.name)}</h1><p class="byline">${host}</p>${phase === 'live' ? liveHtml(event) : notice(phase)}</div>
<aside class="side" aria-label="When, where and who">
<div class="panel">${factsHtml(view)}${actionsHtml(view, phase, path, canonical)}${view.mapSvg ? `<div class="map">${view.mapSvg}</div>` : ''}</div>
</aside>
<div class="body">${bodyHtml(view)}</div>
</article>
</main>
${view.fediverse ? fediverseFooter(view.fediverse.handle) : SITE_FOOTER}`;
  return documentHtml({ title: `${name} · Hubbub`, head: metaTags(view, canonical, name, description), body, script: view.scriptUrl });
}

/** The friendly answer for an address that names no public event (unknown, a draft, hidden, another site's). */
export function renderNotFound(path: string): string {
  const body = `${siteHeader(path)}
<main id="main" class="wrap">
<div class="empty">
<h1>This event isn't here</h1>
<p>The address may be mistyped, or the event was removed or is not published yet. If it is yours, sign in to see it.</p>
<div class="row"><a class="btn primary" href="/search">Find events on the map</a><a class="btn" href="${e(signInPath(path))}">Sign in</a></div>
</div>
</main>
${SITE_FOOTER}`;
  return documentHtml({ title: 'Event not found · Hubbub', head: '<meta name="robots" content="noindex">', body });
}
