import { FlyerContentSchema, parseFlyerContent, type FlyerBlock, type FlyerContent } from '@hubbub/contract';
import type { CSSProperties } from 'react';

/**
 * Font and emoji sizes in flyer content are pixels on a card this wide. The renderer turns
 * them into container-width units, so a flyer looks the same as a thumbnail and on a wall.
 */
export const FLYER_REFERENCE_WIDTH = 400;
/** Width / height: a portrait card, like a printed flyer. */
export const FLYER_ASPECT = 4 / 5;

/** Named sizes are widths in pixels; lists use sm, the designer md or lg. */
export const FLYER_SIZES = { sm: 180, md: 320, lg: 440 } as const;
export type FlyerSize = keyof typeof FLYER_SIZES | number;

export function flyerWidth(size: FlyerSize): number {
  return typeof size === 'number' ? Math.max(40, size) : FLYER_SIZES[size];
}

/** A size in content pixels as a share of the card's width (cqw). */
export function scaled(px: number): string {
  return `${round((px / FLYER_REFERENCE_WIDTH) * 100)}cqw`;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

export function gradientCss(colors: readonly string[], angle: number): string {
  // A single colour is not a gradient CSS accepts; repeat it so the value stays valid.
  const stops = colors.length === 1 ? [colors[0], colors[0]] : colors;
  return `linear-gradient(${round(angle)}deg, ${stops.join(', ')})`;
}

export function backgroundCss(background: FlyerContent['background']): string {
  return background.kind === 'solid' ? background.color : gradientCss(background.colors, background.angle);
}

export type ContentSource = { contentJson?: string | null; content?: unknown };

/** Never throws: anything that is not valid v1 content (a future version too) gives null. */
export function resolveContent({ contentJson, content }: ContentSource): FlyerContent | null {
  if (content !== undefined && content !== null) {
    const parsed = FlyerContentSchema.safeParse(content);
    return parsed.success ? parsed.data : null;
  }
  if (typeof contentJson !== 'string') return null;
  const parsed = parseFlyerContent(contentJson);
  return parsed.success ? parsed.data : null;
}

const LABEL_MAX = 300;

/** What a screen reader hears for the card: its name, then its text and stickers in order. */
export function flyerLabel(name: string, content: FlyerContent | null): string {
  const title = name.trim() || 'Untitled';
  if (!content) return `Flyer “${title}”: this flyer can't be shown`;
  const parts = content.blocks.flatMap((block) => {
    if (block.kind === 'text') return block.text.trim() ? [block.text.trim().replace(/\s+/g, ' ')] : [];
    if (block.kind === 'emoji') return [block.name.replace(/-/g, ' ')];
    return ['picture'];
  });
  const summary = parts.join('. ');
  const text = summary.length > LABEL_MAX ? `${summary.slice(0, LABEL_MAX - 1)}…` : summary;
  return text ? `Flyer “${title}”: ${text}` : `Flyer “${title}”`;
}

/**
 * Where a block sits. x/y is the block's anchor: a text block's aligned edge (its middle when
 * centred) and vertical middle, the centre of a sticker or picture. Text may not run off the card.
 */
export function blockStyle(block: FlyerBlock): CSSProperties {
  const top = `${round(block.y * 100)}%`;
  if (block.kind === 'text') {
    const base: CSSProperties = { top, textAlign: block.align, color: block.color, fontSize: scaled(block.fontSize) };
    if (block.align === 'left') return { ...base, left: `${round(block.x * 100)}%`, maxWidth: `${round((1 - block.x) * 100)}%`, transform: 'translateY(-50%)' };
    if (block.align === 'right') return { ...base, right: `${round((1 - block.x) * 100)}%`, maxWidth: `${round(block.x * 100)}%`, transform: 'translateY(-50%)' };
    return { ...base, left: `${round(block.x * 100)}%`, width: 'max-content', maxWidth: `${round(Math.min(block.x, 1 - block.x) * 200)}%`, transform: 'translate(-50%, -50%)' };
  }
  const centred: CSSProperties = { top, left: `${round(block.x * 100)}%`, transform: 'translate(-50%, -50%)' };
  if (block.kind === 'emoji') return { ...centred, fontSize: scaled(block.size) };
  return { ...centred, width: `${round(block.width * 100)}%` };
}
