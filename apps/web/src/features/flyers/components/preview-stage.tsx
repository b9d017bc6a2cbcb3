import { useRef, type Dispatch, type KeyboardEvent, type PointerEvent } from 'react';
import type { FlyerContent } from '@hubbub/contract';
import { FlyerCard } from '@/components/flyer-card';
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
 * The live card with a handle on each block: drag a handle to move its block, or focus it and
 * use the arrow keys (Shift for bigger steps). The position sliders do the same for everyone.
 */
export function PreviewStage({ content, name, imageUrl, selectedId, onSelect, dispatch }: PreviewStageProps) {
  const stage = useRef<HTMLDivElement>(null);

  const moveTo = (id: string, event: PointerEvent) => {
    const box = stage.current?.getBoundingClientRect();
    if (!box || !box.width || !box.height) return;
    dispatch({ type: 'move', id, x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height });
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
      {content.blocks.map((block) => (
        <button
          key={block.id}
          type="button"
          className={classes.handle}
          style={{ left: `${block.x * 100}%`, top: `${block.y * 100}%` }}
          data-selected={block.id === selectedId || undefined}
          aria-label={`Move ${blockTitle(block)}`}
          title={`${blockTitle(block)}: drag, or use the arrow keys`}
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            onSelect(block.id);
          }}
          onPointerMove={(e) => {
            if (e.currentTarget.hasPointerCapture(e.pointerId)) moveTo(block.id, e);
          }}
          onFocus={() => onSelect(block.id)}
          onKeyDown={(e) => nudge(block.id, block.x, block.y, e)}
        />
      ))}
    </div>
  );
}
