const MAX = 80;

/** One value as a short line: JSON, cut at MAX characters. */
export function compactValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What an audit entry changed, one line per field: two objects show only the fields that differ
 * (a whole account row before and after would bury the one flag that moved).
 */
export function auditChanges(before: unknown, after: unknown): string[] {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    return changed.map((k) => `${k}: ${compactValue(before[k])} → ${compactValue(after[k])}`);
  }
  if ((before === null || before === undefined) && (after === null || after === undefined)) return [];
  return [`${compactValue(before)} → ${compactValue(after)}`];
}
