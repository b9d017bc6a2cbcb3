import { FLYER_TEXT_MAX, type FlyerBlock, type FlyerContent } from './flyers.js';
import { formatDate, formatRange, formatTime } from './format.js';

// Flyer templates (issue 26): designed starting points a host picks and then edits, so the
// designer never starts from a blank rectangle. Plain data built from the gradient catalogue, the
// emoji catalogue and text blocks (flyer-templates.test.ts checks each against both catalogues,
// against FlyerContentSchema, and that every text reads at WCAG AA contrast on every gradient stop).
// Text may hold tokens filled in from the event: {event} its name, {when} its dates, {day} the day,
// {time} the start time, all through the contract's formatter in the event's zone.

export interface FlyerTemplate {
  /** Stable, kebab-case: tests and addresses name templates by it. */
  id: string;
  name: string;
  /** One line for the gallery: what the flyer is for. */
  description: string;
  content: FlyerContent;
}

/** What a template is filled in with: the event as the host made it. */
export interface FlyerTemplateEvent {
  name: string;
  startDate: string;
  endDate: string | null;
  timeZone: string;
}

const WHITE = '#ffffff';
const CREAM = '#fef3c7';
const INK = '#1f2937';

const gradient = (name: string, colors: string[], angle = 160): FlyerContent['background'] => ({ kind: 'gradient', name, colors, angle });
const text = (id: string, value: string, fontSize: number, y: number, color = WHITE, x = 0.5, align: 'left' | 'center' | 'right' = 'center'): FlyerBlock => ({
  kind: 'text',
  id,
  text: value,
  fontSize,
  color,
  align,
  x,
  y,
});
const sticker = (id: string, emoji: string, name: string, size: number, x: number, y: number): FlyerBlock => ({ kind: 'emoji', id, emoji, name, size, x, y });
const content = (background: FlyerContent['background'], blocks: FlyerBlock[]): FlyerContent => ({ version: 1, background, blocks, imagePath: null });

export const FLYER_TEMPLATES: readonly FlyerTemplate[] = [
  {
    id: 'announcement',
    name: 'Announcement',
    description: 'Big news for everyone in the room.',
    content: content(gradient('Royal', ['#141e30', '#243b55']), [
      sticker('s1', '📣', 'megaphone', 72, 0.5, 0.2),
      text('t1', 'Big news', 22, 0.38, CREAM),
      text('t2', '{event}', 40, 0.55),
      text('t3', '{when}', 18, 0.8),
    ]),
  },
  {
    id: 'happy-hour',
    name: 'Happy hour',
    description: 'Drinks on special, for a while.',
    content: content(gradient('Witching Hour', ['#c31432', '#240b36']), [
      sticker('s1', '🍹', 'tropical-drink', 80, 0.78, 0.18),
      text('t1', 'Happy hour', 52, 0.4, WHITE, 0.08, 'left'),
      text('t2', 'Drinks on special from {time}', 22, 0.6, CREAM, 0.08, 'left'),
      text('t3', '{event}', 18, 0.85, WHITE, 0.08, 'left'),
    ]),
  },
  {
    id: 'last-call',
    name: 'Last call',
    description: 'The bar closes soon: order now.',
    content: content(gradient('Lawrencium', ['#0f0c29', '#302b63', '#24243e']), [
      sticker('s1', '🔔', 'bell', 76, 0.5, 0.2),
      text('t1', 'Last call', 60, 0.45, '#fde68a'),
      text('t2', 'The bar closes in 15 minutes', 22, 0.62),
      text('t3', '{event}', 18, 0.85),
    ]),
  },
  {
    id: 'raffle-winner',
    name: 'Raffle winner',
    description: 'Call out the winning ticket.',
    content: content(gradient('Amin', ['#8e2de2', '#4a00e0']), [
      sticker('s1', '🏆️', 'trophy', 80, 0.5, 0.2),
      text('t1', 'And the winner is…', 28, 0.4),
      text('t2', 'Ticket #123', 52, 0.57, CREAM),
      text('t3', 'Come to the front to collect your prize', 18, 0.74),
      text('t4', '{event}', 16, 0.9),
    ]),
  },
  {
    id: 'set-list',
    name: 'Set list',
    description: "Tonight's running order.",
    content: content(gradient('Moonlit Asteroid', ['#0f2027', '#203a43', '#2c5364']), [
      sticker('s1', '🎸', 'guitar', 56, 0.85, 0.12),
      text('t1', 'Set list', 44, 0.12, WHITE, 0.08, 'left'),
      text('t2', '1. Opening song\n2. Second song\n3. Third song\n4. Encore', 26, 0.47, WHITE, 0.08, 'left'),
      text('t3', '{event} · {time}', 16, 0.88, CREAM, 0.08, 'left'),
    ]),
  },
  {
    id: 'sponsor-thanks',
    name: 'Sponsor thanks',
    description: 'Thank the people who made it happen.',
    content: content(gradient('Frost', ['#000428', '#004e92']), [
      sticker('s1', '🤝', 'handshake', 72, 0.5, 0.18),
      text('t1', 'Thank you to our sponsors', 30, 0.38),
      text('t2', 'Sponsor name', 40, 0.56, CREAM),
      text('t3', '{event} would not happen without them', 18, 0.78),
    ]),
  },
  {
    id: 'doors-open',
    name: 'Doors open',
    description: 'Tell people when to come in.',
    content: content(gradient('Celestial', ['#c33764', '#1d2671']), [
      sticker('s1', '🚪', 'door', 72, 0.5, 0.2),
      text('t1', 'Doors open', 54, 0.42),
      text('t2', '{time}', 40, 0.6, CREAM),
      text('t3', '{event}', 18, 0.84),
    ]),
  },
  {
    id: 'starting-soon',
    name: 'Starting soon',
    description: 'A countdown before the show.',
    content: content(gradient('Deep Space', ['#000000', '#434343']), [
      sticker('s1', '⏳️', 'hourglass-not-done', 64, 0.5, 0.2),
      text('t1', 'Starting soon', 48, 0.42, '#fde68a'),
      text('t2', '{event}', 30, 0.6),
      text('t3', '{when}', 16, 0.82),
    ]),
  },
  {
    id: 'welcome',
    name: 'Welcome',
    description: 'Greet people as they arrive.',
    content: content(gradient('Love Couple', ['#3a6186', '#89253e']), [
      sticker('s1', '👋', 'waving-hand', 80, 0.5, 0.22),
      text('t1', 'Welcome to', 26, 0.42),
      text('t2', '{event}', 44, 0.58),
      text('t3', 'Glad you are here', 20, 0.8, CREAM),
    ]),
  },
  {
    id: 'dance-floor',
    name: 'Dance floor',
    description: 'The floor is open.',
    content: content(gradient('Twitch', ['#6441a5', '#2a0845']), [
      sticker('s1', '🪩', 'mirror-ball', 88, 0.5, 0.22),
      text('t1', 'The dance floor is open', 40, 0.5),
      text('t2', '{event}', 20, 0.8, CREAM),
    ]),
  },
  {
    id: 'food-served',
    name: 'Food is served',
    description: 'Dinner, snacks or a food truck.',
    content: content(gradient('Mango', ['#ffe259', '#ffa751']), [
      sticker('s1', '🍽️', 'fork-and-knife-with-plate', 80, 0.5, 0.22),
      text('t1', 'Food is served', 48, 0.45, INK),
      text('t2', 'Come and get it while it is hot', 22, 0.62, INK),
      text('t3', '{event}', 18, 0.85, INK),
    ]),
  },
  {
    id: 'short-break',
    name: 'Short break',
    description: 'An intermission, and when it ends.',
    content: content(gradient('Midnight City', ['#232526', '#414345']), [
      sticker('s1', '☕️', 'hot-beverage', 72, 0.5, 0.22),
      text('t1', 'Short break', 50, 0.45),
      text('t2', 'Back in 15 minutes', 26, 0.62, CREAM),
      text('t3', '{event}', 18, 0.85),
    ]),
  },
  {
    id: 'photo-booth',
    name: 'Photo booth',
    description: 'Point people to the pictures.',
    content: content(gradient('Summer Breeze', ['#fbed96', '#abecd6']), [
      sticker('s1', '📸', 'camera-with-flash', 80, 0.5, 0.2),
      text('t1', 'Photo booth', 50, 0.42, INK),
      text('t2', 'By the entrance, all night', 24, 0.6, INK),
      text('t3', '{event}', 18, 0.85, INK),
    ]),
  },
  {
    id: 'thank-you',
    name: 'Thanks for coming',
    description: 'Close the night and say goodbye.',
    content: content(gradient('Mauve', ['#42275a', '#734b6d']), [
      sticker('s1', '❤️', 'red-heart', 64, 0.5, 0.2),
      text('t1', 'Thanks for coming', 44, 0.42),
      text('t2', '{event}', 26, 0.6, CREAM),
      text('t3', 'See you next time', 20, 0.8),
    ]),
  },
];

export function flyerTemplate(id: string): FlyerTemplate | undefined {
  return FLYER_TEMPLATES.find((t) => t.id === id);
}

/** The event's words for a template's tokens, in the event's own zone (what the host announced). */
export function flyerTemplateValues(event: FlyerTemplateEvent, options: { locale?: string; now?: Date } = {}): Record<string, string> {
  const zone = { ...options, timeZone: event.timeZone };
  return {
    event: event.name.trim(),
    when: formatRange(event.startDate, event.endDate, { ...zone, zoneName: false }),
    day: formatDate(event.startDate, zone),
    time: formatTime(event.startDate, zone),
  };
}

/** The template's content with its tokens filled in from the event; every text stays within the flyer's limit. */
export function fillFlyerTemplate(template: FlyerTemplate, event: FlyerTemplateEvent, options: { locale?: string; now?: Date } = {}): FlyerContent {
  const values = flyerTemplateValues(event, options);
  const fill = (value: string) => {
    const filled = value.replace(/\{(event|when|day|time)\}/g, (_, key: string) => values[key] ?? '');
    return filled.length > FLYER_TEXT_MAX ? `${filled.slice(0, FLYER_TEXT_MAX - 1)}…` : filled;
  };
  return {
    ...template.content,
    blocks: template.content.blocks.map((block) => (block.kind === 'text' ? { ...block, text: fill(block.text) } : block)),
  };
}
