import raw from '../data/gradients.json';

import { GradientSchema, type Gradient } from './colors.js';

export { GradientSchema, type Gradient };

/**
 * The upstream list has slips ("43ADD0" without its #, "#fff" shorthand): colours are
 * repaired to lower-case #rrggbb where that is unambiguous, anything still invalid is
 * dropped, and a repeated name keeps its first entry.
 */
export function normaliseGradients(input: unknown): Gradient[] {
  const list = Array.isArray(input) ? input : [];
  const seen = new Set<string>();
  const out: Gradient[] = [];
  for (const item of list) {
    const candidate = item && typeof item === 'object' ? (item as { name?: unknown; colors?: unknown }) : {};
    const colors = Array.isArray(candidate.colors) ? candidate.colors.map(repairColor) : candidate.colors;
    const parsed = GradientSchema.safeParse({ name: candidate.name, colors });
    if (!parsed.success) continue;
    const key = parsed.data.name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(parsed.data);
  }
  return out;
}

function repairColor(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const hex = value.trim().replace(/^#?/, '').toLowerCase();
  if (/^[0-9a-f]{6}$/.test(hex)) return `#${hex}`;
  if (/^[0-9a-f]{3}$/.test(hex)) return `#${[...hex].map((c) => c + c).join('')}`;
  return value;
}

/** The gradient catalogue (MIT, see data/gradients.LICENSE.md). */
export const gradients: readonly Gradient[] = normaliseGradients(raw);

export function gradientNamed(name: string): Gradient | undefined {
  const key = name.trim().toLowerCase();
  return gradients.find((g) => g.name.toLowerCase() === key);
}
