import { memo, useMemo, type CSSProperties } from 'react';
import type { Flyer } from '@hubbub/contract';
import { backgroundCss, blockStyle, flyerLabel, flyerWidth, resolveContent, type FlyerSize } from './flyer-style';
import classes from './flyer-card.module.css';

export interface FlyerCardProps {
  /** A stored flyer: gives the id, name and contentJson in one go. */
  flyer?: Pick<Flyer, 'id' | 'name' | 'contentJson'>;
  /** The flyer's content, JSON-encoded as stored. */
  contentJson?: string | null;
  /** Content already parsed (the designer's live state); wins over contentJson. */
  content?: unknown;
  name?: string;
  /** Width: sm, md, lg, or pixels. The height follows the 4:5 shape. Never wider than its container. */
  size?: FlyerSize;
  /** Shown instead of the content's imagePath, e.g. a picture chosen but not uploaded yet. */
  imageUrl?: string | null;
  flyerId?: string;
  className?: string;
  style?: CSSProperties;
}

/**
 * Draws a flyer. The one renderer for the designer, lists and the buzz; content that is not
 * valid (or is a version this app does not know) gives a neutral card instead of an error.
 * Text is only ever rendered as React text, never as HTML.
 */
export const FlyerCard = memo(function FlyerCard({ flyer, contentJson, content, name, size = 'md', imageUrl, flyerId, className, style }: FlyerCardProps) {
  const json = contentJson ?? flyer?.contentJson;
  const resolved = useMemo(() => resolveContent({ contentJson: json, content }), [json, content]);
  const title = name ?? flyer?.name ?? '';
  const id = flyerId ?? flyer?.id;
  const label = flyerLabel(title, resolved);
  const rootStyle: CSSProperties = { width: flyerWidth(size), ...style };
  const rootClass = className ? `${classes.card} ${className}` : classes.card;

  if (!resolved) {
    return (
      <div role="img" aria-label={label} data-testid="flyer-card" data-flyer-id={id} data-invalid="" className={`${rootClass} ${classes.fallback}`} style={rootStyle}>
        <span aria-hidden>This flyer can't be shown</span>
      </div>
    );
  }

  const picture = imageUrl ?? resolved.imagePath ?? null;
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="flyer-card"
      data-flyer-id={id}
      className={rootClass}
      style={{ ...rootStyle, background: backgroundCss(resolved.background) }}
    >
      {resolved.blocks.map((block) => {
        if (block.kind === 'text') {
          return (
            <p key={block.id} className={classes.block} style={blockStyle(block)} aria-hidden>
              {block.text}
            </p>
          );
        }
        if (block.kind === 'emoji') {
          return (
            <span key={block.id} className={classes.emoji} style={blockStyle(block)} aria-hidden>
              {block.emoji}
            </span>
          );
        }
        // An image block without an uploaded picture has nothing to draw.
        return picture ? <img key={block.id} className={classes.image} style={blockStyle(block)} src={picture} alt="" draggable={false} /> : null;
      })}
    </div>
  );
});
