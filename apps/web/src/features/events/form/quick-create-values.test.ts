import { describe, expect, it } from 'vitest';
import { NO_REPEAT } from '@hubbub/contract';
import { COVERS, wrapLines } from './covers';
import { durationLabel, endOf, hasContent, newQuickValues, toDraftInput, toQuickEventCreate, valuesFromDraft } from './quick-create-values';

const area = { name: 'Omaha, NE', type: 4, latitude: 41.26, longitude: -95.94 };

describe('quick create values', () => {
  it('opens tomorrow at 7 PM for three hours, with nothing worth saving yet', () => {
    const values = newQuickValues('America/Chicago', new Date('2026-11-26T15:00:00Z'));
    expect(values).toMatchObject({ name: '', start: '2026-11-27 19:00:00', durationMinutes: 180, timeZone: 'America/Chicago', area: null, cover: null });
    expect(hasContent(values)).toBe(false);
    expect(endOf(values)).toBe('2026-11-27 22:00:00');
  });

  it('publishes now with the end from the duration, in the place’s zone, across a clock change', () => {
    const body = toQuickEventCreate({ name: '  Porch concert ', start: '2026-11-01 00:30:00', durationMinutes: 120, timeZone: 'America/Chicago', area, cover: null, repeat: NO_REPEAT });
    expect(body).toMatchObject({ name: 'Porch concert', timeZone: 'America/Chicago', publishOnDate: null, tagIds: [], venue: null });
    // 0:30 CDT is 05:30 UTC; the end is two real hours later (1:30 CST), not 2:30 on the wall clock.
    expect(body.startDate).toBe('2026-11-01T05:30:00.000Z');
    expect(body.endDate).toBe('2026-11-01T07:30:00.000Z');
  });

  it('restores a draft over the defaults, dropping what is no longer valid', () => {
    const defaults = newQuickValues('UTC', new Date('2026-11-26T15:00:00Z'));
    const draft = { name: 'Half', start: null, durationMinutes: 90, timeZone: 'Nowhere/Atlantis', area: null, cover: 'gradient:Unknown', repeat: null, updated: '2026-11-26T15:00:00Z' };
    expect(valuesFromDraft(draft, defaults)).toEqual({ ...defaults, name: 'Half', durationMinutes: 90 });
    expect(toDraftInput({ ...defaults, name: 'x'.repeat(300), cover: COVERS[0].key })).toMatchObject({ cover: COVERS[0].key, name: 'x'.repeat(120), repeat: null });
  });

  it('keeps the repeat picked with the draft, and a pick alone is worth keeping', () => {
    const defaults = newQuickValues('UTC', new Date('2026-11-26T15:00:00Z'));
    const repeat = { kind: 'weekly' as const, end: 'count' as const, count: 6 };
    expect(hasContent({ ...defaults, repeat })).toBe(true);
    const input = toDraftInput({ ...defaults, repeat });
    expect(input.repeat).toEqual(repeat);
    expect(valuesFromDraft({ ...defaults, area: null, cover: null, repeat, updated: '2026-11-26T15:00:00Z' }, defaults).repeat).toEqual(repeat);
  });

  it('says durations in words', () => {
    expect([30, 60, 90, 120].map(durationLabel)).toEqual(['30 min', '1 hour', '1.5 hours', '2 hours']);
  });

  it('wraps a long name on the cover in at most three lines', () => {
    const measure = (t: string) => t.length * 10;
    expect(wrapLines(measure, 'Porch concert on Elm Street', 140)).toEqual(['Porch concert', 'on Elm Street']);
    const lines = wrapLines(measure, 'one two three four five six seven eight nine ten', 90);
    expect(lines).toHaveLength(3);
    expect(lines[2].endsWith('…')).toBe(true);
  });
});
