import { useRef, type Dispatch, type KeyboardEvent, type PointerEvent } from 'react';
import type { FlyerContent } from '@hubbub/contract';
import { FlyerCard, blockStyle } from '@/components/flyer-card';
import { blockTitle, type ContentAction } from '../content/content-reducer';
import classes from './designer.module.css';

interface PreviewStageProps {
  content: FlyerContent;
  name: string;
  imageUrl: string | null;
  selectedId: string | null;
  onSelect: (id: string) => void;
  dispatch: Dispatch<ContentAction>;
}

const STEP = 0.01;

/**
 * The live card with a handle on each block: drag a block to move it, or focus its handle and use
 * the arrow keys (Shift for bigger steps). The position sliders do the same for everyone. A text or
 * sticker's handle is a see-through box the block's own size laid over it, outlined around it, so
 * it never covers the text (issue 26: the old dot sat on the words); a picture keeps a dot.
 */
export function PreviewStage({ content, name, imageUrl, selectedId, onSelect, dispatch }: PreviewStageProps) {
  const stage = useRef<HTMLDivElement>(null);
  // Where in the block it was grabbed, so a drag moves the block without it jumping to the pointer.
  const grab = useRef({ dx: 0, dy: 0 });

  const pointerAt = (event: PointerEvent) => {
    const box = stage.current?.getBoundingClientRect();
    if (!box || !box.width || !box.height) return null;
    return { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height };
  };
  const grabbed = (x: number, y: number, event: PointerEvent) => {
    const at = pointerAt(event);
    grab.current = at ? { dx: at.x - x, dy: at.y - y } : { dx: 0, dy: 0 };
  };
  const moveTo = (id: string, event: PointerEvent) => {
    const at = pointerAt(event);
    if (at) dispatch({ type: 'move', id, x: at.x - grab.current.dx, y: at.y - grab.current.dy });
  };

  const nudge = (id: string, x: number, y: number, event: KeyboardEvent) => {
    const step = event.shiftKey ? STEP * 10 : STEP;
    const deltas: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const delta = deltas[event.key];
    if (!delta) return;
    event.preventDefault();
    dispatch({ type: 'move', id, x: x + delta[0], y: y + delta[1] });
  };

  return (
    <div ref={stage} className={classes.stage} data-testid="flyer-preview">
      <FlyerCard content={content} name={name} size="lg" imageUrl={imageUrl} />
      <div className={classes.handles}>
        {content.blocks.map((block) => (
          <button
            key={block.id}
            type="button"
            className={block.kind === 'image' ? classes.handle : `${classes.ghost} ${block.kind === 'emoji' ? classes.ghostEmoji : ''}`}
            style={block.kind === 'image' ? { left: `${block.x * 100}%`, top: `${block.y * 100}%` } : blockStyle(block)}
            data-selected={block.id === selectedId || undefined}
            aria-label={`Move ${blockTitle(block)}`}
            title={`${blockTitle(block)}: drag, or use the arrow keys`}
            onPointerDown={(e) => {
              e.currentTarget.setPointerCapture(e.pointerId);
              grabbed(block.x, block.y, e);
              onSelect(block.id);
            }}
            onPointerMove={(e) => {
              if (e.currentTarget.hasPointerCapture(e.pointerId)) moveTo(block.id, e);
            }}
            onFocus={() => onSelect(block.id)}
            onKeyDown={(e) => nudge(block.id, block.x, block.y, e)}
          >
            {/* The block's own content, unseen, gives the handle the block's size. */}
            {block.kind !== 'image' && <span className={classes.ghostSizer}>{block.kind === 'text' ? block.text || ' ' : block.emoji}</span>}
          </button>
        ))}
      </div>
    </div>
  );
}
