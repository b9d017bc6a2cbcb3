import { describe, expect, it } from 'vitest';
import { emojiCatalogue } from './emoji.js';
import { FLYER_TEMPLATES, fillFlyerTemplate, flyerTemplate } from './flyer-templates.js';
import { FLYER_TEXT_MAX, FlyerContentSchema } from './flyers.js';
import { gradientNamed } from './gradients.js';

/** WCAG 2 relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

const EVENT = { name: 'Harbour Night Market', startDate: '2026-11-25T01:00:00Z', endDate: '2026-11-25T04:00:00Z', timeZone: 'America/Chicago' };
const NOW = new Date('2026-11-20T12:00:00Z');

describe('flyer templates', () => {
  it('are at least 12, with unique ids, the ones the issue names among them', () => {
    expect(FLYER_TEMPLATES.length).toBeGreaterThanOrEqual(12);
    const ids = FLYER_TEMPLATES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ['announcement', 'happy-hour', 'last-call', 'raffle-winner', 'set-list', 'sponsor-thanks']) expect(flyerTemplate(id)?.id).toBe(id);
    for (const t of FLYER_TEMPLATES) expect(t.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it.each(FLYER_TEMPLATES.map((t) => [t.id, t] as const))('%s: valid flyer content, before and after filling in', (_, template) => {
    expect(FlyerContentSchema.parse(template.content)).toEqual(template.content);
    expect(FlyerContentSchema.safeParse(fillFlyerTemplate(template, EVENT, { locale: 'en-US', now: NOW })).success).toBe(true);
  });

  it.each(FLYER_TEMPLATES.map((t) => [t.id, t] as const))('%s: its gradient and stickers come from the catalogues', (_, template) => {
    const { background, blocks } = template.content;
    expect(background.kind).toBe('gradient');
    if (background.kind === 'gradient') expect(gradientNamed(background.name)?.colors).toEqual(background.colors);
    for (const block of blocks.filter((b) => b.kind === 'emoji')) expect(emojiCatalogue.find((e) => e.name === block.name)?.emoji).toBe(block.emoji);
    expect(blocks.some((b) => b.kind === 'text' && b.text.includes('{event}'))).toBe(true);
  });

  it.each(FLYER_TEMPLATES.map((t) => [t.id, t] as const))('%s: every text reads at AA contrast (4.5:1) on every colour of its background', (_, template) => {
    const { background } = template.content;
    const colours = background.kind === 'gradient' ? background.colors : [background.color];
    for (const block of template.content.blocks) {
      if (block.kind !== 'text') continue;
      for (const colour of colours) expect(contrast(block.color, colour), `${block.text} (${block.color}) on ${colour}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("fills in the event's name and times in the event's zone, through the formatter", () => {
    const filled = fillFlyerTemplate(flyerTemplate('happy-hour')!, EVENT, { locale: 'en-US', now: NOW });
    const texts = filled.blocks.flatMap((b) => (b.kind === 'text' ? [b.text] : []));
    expect(texts).toContain('Harbour Night Market');
    expect(texts).toContain('Drinks on special from 7:00 PM');
    const when = fillFlyerTemplate(flyerTemplate('announcement')!, EVENT, { locale: 'en-US', now: NOW }).blocks.flatMap((b) => (b.kind === 'text' ? [b.text] : []));
    // Intl puts thin and narrow spaces around the dash and before PM.
    expect(when.some((t) => /^Tue, Nov 24, 7:00\s–\s10:00\sPM$/u.test(t))).toBe(true);
    expect(JSON.stringify(filled)).not.toMatch(/\{(event|when|day|time)\}/);
  });

  it('keeps a very long name within the text limit, and leaves the template itself untouched', () => {
    const template = flyerTemplate('welcome')!;
    const before = JSON.stringify(template);
    const filled = fillFlyerTemplate(template, { ...EVENT, name: 'x'.repeat(FLYER_TEXT_MAX + 50) });
    for (const block of filled.blocks) if (block.kind === 'text') expect(block.text.length).toBeLessThanOrEqual(FLYER_TEXT_MAX);
    expect(JSON.stringify(template)).toBe(before);
  });
});
