import { z } from 'zod';

// Kept apart from the catalogues so importing the contract does not pull their data.

/** #rrggbb, the one colour form flyer content stores. */
export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export const GRADIENT_COLORS_MIN = 2;
export const GRADIENT_COLORS_MAX = 6;

export const GradientSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    colors: z.array(z.string().regex(HEX_COLOR)).min(GRADIENT_COLORS_MIN).max(GRADIENT_COLORS_MAX),
  })
  .meta({ id: 'Gradient' });
export type Gradient = z.infer<typeof GradientSchema>;
