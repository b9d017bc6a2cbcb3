import { EMPTY_FLYER_CONTENT, FLYER_BLOCKS_MAX, FLYER_TEXT_MAX, type FlyerBlock, type FlyerContent } from '@hubbub/contract';

/** The contract's limits for block sizes; sliders and the reducer both keep to them. */
export const FONT_SIZE = { min: 8, max: 120, initial: 32 } as const;
export const EMOJI_SIZE = { min: 16, max: 256, initial: 72 } as const;
export const IMAGE_WIDTH = { min: 0.1, max: 1, initial: 0.6 } as const;
export const DEFAULT_TEXT = 'Your text';
export const DEFAULT_GRADIENT_ANGLE = 135;

export type TextBlock = Extract<FlyerBlock, { kind: 'text' }>;
export type EmojiBlock = Extract<FlyerBlock, { kind: 'emoji' }>;
export type ImageBlock = Extract<FlyerBlock, { kind: 'image' }>;

type BlockPatch = Partial<Omit<TextBlock, 'kind' | 'id'>> | Partial<Omit<EmojiBlock, 'kind' | 'id'>> | Partial<Omit<ImageBlock, 'kind' | 'id'>>;

export type ContentAction =
  | { type: 'reset'; content: FlyerContent }
  | { type: 'solid'; color: string }
  | { type: 'gradient'; name: string; colors: readonly string[] }
  | { type: 'angle'; angle: number }
  | { type: 'addText'; id: string }
  | { type: 'addEmoji'; id: string; emoji: string; name: string }
  | { type: 'setImage'; id: string }
  | { type: 'removeImage' }
  | { type: 'update'; id: string; patch: BlockPatch }
  | { type: 'move'; id: string; x: number; y: number }
  | { type: 'remove'; id: string };

export const clamp = (n: number, min: number, max: number) => (Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : min);
/** Positions are kept to 3 decimals so saved JSON stays short. */
const fraction = (n: number) => Math.round(clamp(n, 0, 1) * 1000) / 1000;

/** A short random id, unique within one flyer. */
export function newBlockId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID().slice(0, 8) : Math.random().toString(36).slice(2, 10);
}

/** Mostly light text on the default dark card; the first block goes high, later ones lower down. */
function nextY(blocks: readonly FlyerBlock[]): number {
  return [0.2, 0.5, 0.8, 0.35, 0.65][blocks.length % 5];
}

function full(content: FlyerContent): boolean {
  return content.blocks.length >= FLYER_BLOCKS_MAX;
}

function patchBlock(block: FlyerBlock, patch: BlockPatch): FlyerBlock {
  const p = patch as Record<string, unknown>;
  const num = (key: string) => (typeof p[key] === 'number' ? (p[key] as number) : undefined);
  const x = num('x');
  const y = num('y');
  const positioned = { ...block, ...(x !== undefined && { x: fraction(x) }), ...(y !== undefined && { y: fraction(y) }) };
  if (positioned.kind === 'text') {
    const fontSize = num('fontSize');
    return {
      ...positioned,
      ...(typeof p.text === 'string' && { text: p.text.slice(0, FLYER_TEXT_MAX) }),
      ...(fontSize !== undefined && { fontSize: Math.round(clamp(fontSize, FONT_SIZE.min, FONT_SIZE.max)) }),
      ...(typeof p.color === 'string' && { color: p.color }),
      ...((p.align === 'left' || p.align === 'center' || p.align === 'right') && { align: p.align }),
    };
  }
  if (positioned.kind === 'emoji') {
    const size = num('size');
    return { ...positioned, ...(size !== undefined && { size: Math.round(clamp(size, EMOJI_SIZE.min, EMOJI_SIZE.max)) }) };
  }
  const width = num('width');
  return { ...positioned, ...(width !== undefined && { width: Math.round(clamp(width, IMAGE_WIDTH.min, IMAGE_WIDTH.max) * 1000) / 1000 }) };
}

/** Every edit the designer makes; pure, so it is tested without a browser. Unknown ids change nothing. */
export function contentReducer(state: FlyerContent, action: ContentAction): FlyerContent {
  switch (action.type) {
    case 'reset':
      return action.content;
    case 'solid':
      return { ...state, background: { kind: 'solid', color: action.color } };
    case 'gradient': {
      // Switching gradients keeps the angle the person already chose.
      const angle = state.background.kind === 'gradient' ? state.background.angle : DEFAULT_GRADIENT_ANGLE;
      return { ...state, background: { kind: 'gradient', name: action.name, colors: [...action.colors], angle } };
    }
    case 'angle':
      if (state.background.kind !== 'gradient') return state;
      return { ...state, background: { ...state.background, angle: Math.round(clamp(action.angle, 0, 360)) } };
    case 'addText':
      if (full(state)) return state;
      return {
        ...state,
        blocks: [...state.blocks, { kind: 'text', id: action.id, text: DEFAULT_TEXT, fontSize: FONT_SIZE.initial, color: '#ffffff', align: 'center', x: 0.5, y: nextY(state.blocks) }],
      };
    case 'addEmoji':
      if (full(state)) return state;
      return { ...state, blocks: [...state.blocks, { kind: 'emoji', id: action.id, emoji: action.emoji, name: action.name, size: EMOJI_SIZE.initial, x: 0.5, y: nextY(state.blocks) }] };
    case 'setImage': {
      // One picture per flyer, drawn under everything else.
      if (state.blocks.some((b) => b.kind === 'image')) return state;
      if (full(state)) return state;
      return { ...state, blocks: [{ kind: 'image', id: action.id, x: 0.5, y: 0.5, width: IMAGE_WIDTH.initial }, ...state.blocks] };
    }
    case 'removeImage':
      return { ...state, imagePath: null, blocks: state.blocks.filter((b) => b.kind !== 'image') };
    case 'update':
      return { ...state, blocks: state.blocks.map((b) => (b.id === action.id ? patchBlock(b, action.patch) : b)) };
    case 'move':
      return { ...state, blocks: state.blocks.map((b) => (b.id === action.id ? patchBlock(b, { x: action.x, y: action.y }) : b)) };
    case 'remove':
      return { ...state, blocks: state.blocks.filter((b) => b.id !== action.id) };
  }
}

export const emptyContent = (): FlyerContent => structuredClone(EMPTY_FLYER_CONTENT);

/** A list entry for a block: "Text: Doors open 8pm", "Sticker: party popper". */
export function blockTitle(block: FlyerBlock): string {
  if (block.kind === 'text') {
    const text = block.text.trim().replace(/\s+/g, ' ');
    return `Text: ${text ? (text.length > 28 ? `${text.slice(0, 27)}…` : text) : '(empty)'}`;
  }
  if (block.kind === 'emoji') return `Sticker: ${block.name.replace(/-/g, ' ')}`;
  return 'Picture';
}
