import { describe, expect, it } from 'vitest';
import { eventTilesUrl } from './event-tiles';

describe('eventTilesUrl', () => {
  it('keeps the {z}/{x}/{y} placeholders and puts the filters in a fixed order', () => {
    const url = eventTilesUrl({ searchText: 'jazz & blues', categoryId: null, startDate: '2026-11-23T06:00:00.000Z', days: 7, live: false, userId: null, partner: null }, 'https://hubbub.example');
    expect(url).toBe('https://hubbub.example/engine/api/v1/event/tiles/{z}/{x}/{y}?days=7&searchText=jazz%20%26%20blues&startDate=2026-11-23T06%3A00%3A00.000Z');
  });

  it('asks for live events only when the filter is on', () => {
    const url = eventTilesUrl({ searchText: '', categoryId: null, startDate: '2026-11-23T06:00:00.000Z', days: 30, live: true, userId: null, partner: null }, '');
    expect(url).toBe('/engine/api/v1/event/tiles/{z}/{x}/{y}?days=30&live=true&startDate=2026-11-23T06%3A00%3A00.000Z');
  });

  it('leaves out empty filters', () => {
    const url = eventTilesUrl({ searchText: '', categoryId: null, startDate: '2026-11-23T06:00:00.000Z', days: 30, live: false, userId: null, partner: null }, '');
    expect(url).toBe('/engine/api/v1/event/tiles/{z}/{x}/{y}?days=30&startDate=2026-11-23T06%3A00%3A00.000Z');
  });
});
