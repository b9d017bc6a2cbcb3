import { z } from 'zod';
import { ENGINE } from './api-prefixes.js';
import { IdParamsSchema, IdSchema, OkSchema } from './common.js';
import { defineEndpoints, endpoint } from './endpoint.js';
import { GRADIENT_COLORS_MAX, GRADIENT_COLORS_MIN, HEX_COLOR } from './colors.js';

export * from './colors.js';

// Flyers (spec 3 Flyer): a card the event's host designs and launches into the buzz.

export const FLYER_NAME_MAX = 120;
export const FLYER_CONTENT_JSON_MAX = 100_000;
export const FLYER_BLOCKS_MAX = 40;
export const FLYER_TEXT_MAX = 500;
/** contentType of flyers whose contentJson follows FlyerContentSchema version 1. */
export const FLYER_CONTENT_TYPE = 'application/vnd.hubbub.flyer+json; version=1';

const color = z.string().regex(HEX_COLOR, { message: 'Colours are written #rrggbb.' });
/** Positions and widths are fractions of the card, so a flyer scales to any screen. */
const fraction = (label: string) =>
  z.number({ message: `${label} must be a number.` }).min(0, { message: `${label} is 0 to 1.` }).max(1, { message: `${label} is 0 to 1.` });
const blockId = z.string().trim().min(1, { message: 'A block needs an id.' }).max(64);
// Plain text: line breaks and tabs are fine, other control characters are not.
const plainText = z
  .string()
  .max(FLYER_TEXT_MAX, { message: `Text is at most ${FLYER_TEXT_MAX} characters.` })
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  .refine((s) => !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(s), { message: 'Text must not contain control characters.' });

const SolidBackground = z.strictObject({ kind: z.literal('solid'), color });
const GradientBackground = z.strictObject({
  kind: z.literal('gradient'),
  name: z.string().trim().min(1).max(100),
  colors: z
    .array(color)
    .min(GRADIENT_COLORS_MIN, { message: `A gradient has ${GRADIENT_COLORS_MIN} to ${GRADIENT_COLORS_MAX} colours.` })
    .max(GRADIENT_COLORS_MAX, { message: `A gradient has ${GRADIENT_COLORS_MIN} to ${GRADIENT_COLORS_MAX} colours.` }),
  angle: z.number().min(0, { message: 'The angle is 0 to 360 degrees.' }).max(360, { message: 'The angle is 0 to 360 degrees.' }),
});

const TextBlock = z.strictObject({
  kind: z.literal('text'),
  id: blockId,
  text: plainText,
  fontSize: z.number().min(8, { message: 'Font size is 8 to 120.' }).max(120, { message: 'Font size is 8 to 120.' }),
  color,
  align: z.enum(['left', 'center', 'right'], { message: 'Alignment is left, center or right.' }),
  x: fraction('x'),
  y: fraction('y'),
});
const EmojiBlock = z.strictObject({
  kind: z.literal('emoji'),
  id: blockId,
  emoji: z.string().min(1).max(32, { message: 'An emoji is at most 32 characters.' }),
  name: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'An emoji name is hyphenated lower-case words.' }).max(100),
  size: z.number().min(16, { message: 'Emoji size is 16 to 256.' }).max(256, { message: 'Emoji size is 16 to 256.' }),
  x: fraction('x'),
  y: fraction('y'),
});
const ImageBlock = z.strictObject({ kind: z.literal('image'), id: blockId, x: fraction('x'), y: fraction('y'), width: fraction('width') });

export const FlyerBlockSchema = z.discriminatedUnion('kind', [TextBlock, EmojiBlock, ImageBlock]);
export type FlyerBlock = z.infer<typeof FlyerBlockSchema>;

/**
 * Version 1 of a flyer's design. A later shape gets a new version number, so stored
 * flyers stay readable. imagePath is set by the server from the uploaded image.
 */
export const FlyerContentSchema = z
  .strictObject({
    version: z.literal(1, { message: 'Only version 1 of the flyer content is known.' }),
    background: z.discriminatedUnion('kind', [SolidBackground, GradientBackground], { message: 'The background is solid or gradient.' }),
    blocks: z.array(FlyerBlockSchema).max(FLYER_BLOCKS_MAX, { message: `A flyer has at most ${FLYER_BLOCKS_MAX} blocks.` }),
    imagePath: z.string().max(500).nullish(),
  })
  .meta({ id: 'FlyerContent' });
export type FlyerContent = z.infer<typeof FlyerContentSchema>;

export const EMPTY_FLYER_CONTENT: FlyerContent = { version: 1, background: { kind: 'solid', color: '#1f2937' }, blocks: [], imagePath: null };

/** Parses contentJson; the error lists each problem with where it is, e.g. "blocks.3.text: Text is at most 500 characters.". */
export function parseFlyerContent(json: string): { success: true; data: FlyerContent } | { success: false; error: string; issues: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { success: false, error: 'contentJson is not valid JSON.', issues: ['contentJson is not valid JSON.'] };
  }
  const parsed = FlyerContentSchema.safeParse(value);
  if (parsed.success) return { success: true, data: parsed.data };
  const issues = parsed.error.issues.slice(0, 10).map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
  return { success: false, error: `contentJson is not a valid flyer: ${issues.join('; ')}`, issues };
}

export const FlyerSchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    name: z.string(),
    contentType: z.string().nullable(),
    contentJson: z.string(),
    isActivated: z.boolean(),
  })
  .meta({ id: 'Flyer' });
export type Flyer = z.infer<typeof FlyerSchema>;

const flyerFields = {
  name: z
    .string({ message: 'Name is required.' })
    .trim()
    .min(1, { message: 'Name is required.' })
    .max(FLYER_NAME_MAX, { message: `Name must be at most ${FLYER_NAME_MAX} characters.` }),
  contentType: z.string().trim().max(100).nullish().transform((v) => v || FLYER_CONTENT_TYPE),
  contentJson: z
    .string({ message: 'contentJson is required: the flyer content, JSON-encoded.' })
    .max(FLYER_CONTENT_JSON_MAX, { message: `contentJson must be at most ${FLYER_CONTENT_JSON_MAX} characters.` }),
};

export const FlyerCreateSchema = z.object({ eventId: IdSchema, ...flyerFields }).meta({ id: 'FlyerCreate' });
export type FlyerCreate = z.input<typeof FlyerCreateSchema>;

export const FlyerUpdateSchema = z.object({ id: IdSchema, ...flyerFields }).meta({ id: 'FlyerUpdate' });
export type FlyerUpdate = z.input<typeof FlyerUpdateSchema>;

export const FlyerListSchema = z.array(FlyerSchema).meta({ id: 'FlyerList' });
export const EventIdParamsSchema = z.object({ eventId: IdSchema });

export const flyersApi = defineEndpoints('flyers', {
  create: endpoint('POST', `${ENGINE}/flyer/`, {
    summary: "Create a flyer for one of your events (within the plan's flyerCapacity per event); contentJson is FlyerContent v1, JSON-encoded",
    auth: 'bearer',
    body: FlyerCreateSchema,
    answer: FlyerSchema,
    problems: [400, 404],
  }),
  update: endpoint('POST', `${ENGINE}/flyer/update/`, { summary: 'Update one of your flyers', auth: 'bearer', body: FlyerUpdateSchema, answer: OkSchema, problems: [400, 404] }),
  delete: endpoint('DELETE', `${ENGINE}/flyer/:id`, { summary: 'Delete one of your flyers', auth: 'bearer', params: IdParamsSchema, answer: OkSchema, problems: [400, 404] }),
  ofEvent: endpoint('GET', `${ENGINE}/flyer/event/:eventId`, {
    summary: "An event's flyers in the host's order",
    auth: 'optional',
    params: EventIdParamsSchema,
    answer: FlyerListSchema,
    problems: [400, 401, 403, 404],
  }),
  setImage: endpoint('POST', `${ENGINE}/flyer/image/:id`, {
    summary: 'Upload the flyer image (multipart field "file": JPEG, PNG, WebP or GIF, at most 10 MB)',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: FlyerSchema,
    problems: [400, 404, 413, 415],
    consumes: ['multipart/form-data'],
  }),
  removeImage: endpoint('DELETE', `${ENGINE}/flyer/image/:id`, { summary: 'Remove the flyer image', auth: 'bearer', params: IdParamsSchema, answer: FlyerSchema, problems: [400, 404] }),
});
