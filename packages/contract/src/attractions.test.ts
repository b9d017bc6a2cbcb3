import { describe, expect, it } from 'vitest';
import { AttractionCreateSchema, lineUpBySetTime, lineUpNowFirst, spansDays, type Attraction } from './attractions.js';

const item = (id: string, setTime: string | null): Attraction => ({ id, eventId: 'e', name: id, kind: 'performer', description: '', link: null, picturePath: null, setTime });

describe('lineUpBySetTime', () => {
  it('lists timed sets by time, ties in the host order, then the untimed in the host order', () => {
    const list = [item('sponsor', null), item('late', '2026-12-04T22:00:00Z'), item('early', '2026-12-04T20:00:00Z'), item('food', null), item('also-late', '2026-12-04T22:00:00Z')];
    expect(lineUpBySetTime(list).map((a) => a.id)).toEqual(['early', 'late', 'also-late', 'sponsor', 'food']);
  });

  it('leaves the list it was given as it was', () => {
    const list = [item('b', '2026-12-04T22:00:00Z'), item('a', '2026-12-04T20:00:00Z')];
    lineUpBySetTime(list);
    expect(list.map((a) => a.id)).toEqual(['b', 'a']);
  });
});

describe('lineUpNowFirst', () => {
  const list = [item('sponsor', null), item('third', '2026-12-04T22:00:00Z'), item('first', '2026-12-04T20:00:00Z'), item('second', '2026-12-04T21:00:00Z')];
  it('puts the set on now first, then those to come, the untimed, and the sets that are over', () => {
    const during = lineUpNowFirst(list, new Date('2026-12-04T21:30:00Z'));
    expect(during.order.map((a) => a.id)).toEqual(['second', 'third', 'sponsor', 'first']);
    expect(during.current).toBe('second');
  });
  it('before the first set nothing is on; the order is the set times', () => {
    const before = lineUpNowFirst(list, new Date('2026-12-04T19:00:00Z'));
    expect(before.order.map((a) => a.id)).toEqual(['first', 'second', 'third', 'sponsor']);
    expect(before.current).toBeNull();
  });
});

describe('spansDays', () => {
  it('reads the days in the event zone', () => {
    // 4 PM to 8 PM in Chicago is one afternoon and evening, though it ends on the next UTC day.
    expect(spansDays({ startDate: '2026-12-04T22:00:00Z', endDate: '2026-12-05T02:00:00Z', timeZone: 'America/Chicago' })).toBe(false);
    expect(spansDays({ startDate: '2026-12-04T22:00:00Z', endDate: '2026-12-05T02:00:00Z', timeZone: 'UTC' })).toBe(true);
  });
});

describe('AttractionCreateSchema', () => {
  const base = { eventId: '7d3f5c1e-0000-4000-8000-0000000000f1', name: 'The Owls', kind: 'performer' };
  it('stores links as a browser reads them and only https on a named host', () => {
    expect(AttractionCreateSchema.parse({ ...base, link: ' https://owls.example/a b ' }).link).toBe('https://owls.example/a%20b');
    expect(AttractionCreateSchema.parse({ ...base, link: '' }).link).toBeNull();
    for (const link of ['http://owls.example/', 'javascript:alert(1)', 'https:owls', 'https://localhost/', 'data:text/html,x', 'ftp://owls.example/']) {
      expect(AttractionCreateSchema.safeParse({ ...base, link }).success, link).toBe(false);
    }
  });
});
