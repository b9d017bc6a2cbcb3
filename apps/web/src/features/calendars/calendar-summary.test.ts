import { describe, expect, it } from 'vitest';
import type { CalendarQuery } from '@hubbub/contract';
import { alertSummary, calendarSummary, querySummary } from './calendar-summary';

const CATEGORY = '0b6f3d1e-5a2c-4c7e-9f10-2d3e4f5a6b7c';
const box = { minLatitude: 30, maxLatitude: 31, minLongitude: -98, maxLongitude: -97 };
const query = (over: Partial<CalendarQuery> = {}): CalendarQuery => ({ searchText: null, areaText: null, categoryId: null, box: null, days: 30, ...over });

describe('querySummary', () => {
  it("names the partners drawer's choice", () => {
    expect(querySummary(query({ partner: 'blue note records' }))).toBe('with “blue note records” · anywhere · next 30 days');
    expect(querySummary(query({ userId: CATEGORY, box }))).toBe('one host · in the map area · next 30 days');
  });

  it('names the text, category, place, map area and days', () => {
    const names = (id: string) => (id === CATEGORY ? 'Music' : undefined);
    expect(querySummary(query({ searchText: 'jazz', categoryId: CATEGORY, areaText: 'Austin, TX', box, days: 14 }), names)).toBe(
      '“jazz” · Music · Austin, TX · in the map area · next 14 days',
    );
  });

  it('says what an empty search matches', () => {
    expect(querySummary(query({ days: 1 }))).toBe('All events · anywhere · next day');
  });

  it('mentions a category it cannot name', () => {
    expect(querySummary(query({ categoryId: CATEGORY, box }))).toBe('one category · in the map area · next 30 days');
  });
});

describe('calendarSummary', () => {
  it('describes the kinds without a query', () => {
    expect(calendarSummary({ kind: 'following', query: null })).toMatch(/follow/);
    expect(calendarSummary({ kind: 'mine', query: null })).toBe('The events you host.');
    expect(calendarSummary({ kind: 'mine', query: null, includeDrafts: false })).toBe('The events you host.');
    expect(calendarSummary({ kind: 'mine', query: null, includeDrafts: true })).toBe('The events you host, drafts included.');
  });

  it('summarises a saved search by its query', () => {
    expect(calendarSummary({ kind: 'search', query: query({ searchText: 'yoga' }) })).toBe('“yoga” · anywhere · next 30 days');
  });
});

describe('alertSummary', () => {
  it('names a daily or weekly email and says nothing when there is none', () => {
    expect(alertSummary('daily')).toBe('Daily email of new events');
    expect(alertSummary('weekly')).toBe('Weekly email of new events');
    expect(alertSummary('off')).toBeNull();
  });
});
