// Text the server accepts anywhere (JSON bodies, query strings, form fields, hub
// arguments): no unpaired UTF-16 surrogates (PostgreSQL's jsonb and text refuse them)
// and no control characters but tab, line feed and carriage return.

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Why the string cannot be stored, or undefined when it can. */
export function textProblem(value: string): string | undefined {
  if (UNPAIRED_SURROGATE.test(value)) return 'Text must be valid Unicode (it holds an unpaired surrogate).';
  if (CONTROL.test(value)) return 'Text must not contain control characters.';
  return undefined;
}

const MAX_DEPTH = 64;

/**
 * The first unstorable string in a parsed value (keys included), as a field path like
 * `area.city` or `tagIds.2`, with the reason; undefined when every string is fine.
 */
export function findBadText(value: unknown, path: string[] = [], depth = 0): { field: string; problem: string } | undefined {
  const field = () => path.join('.') || '(root)';
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { field: field(), problem } : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth > MAX_DEPTH) return { field: field(), problem: `Values may nest at most ${MAX_DEPTH} levels deep.` };
  const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const keyProblem = textProblem(key);
    if (keyProblem) return { field: [...path, key].join('.'), problem: keyProblem };
    const found = findBadText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}
