import { describe, expect, it } from 'vitest';
import { CALENDAR_NAME_MAX } from '@hubbub/contract';
import { defaultCalendarName, searchCalendarName } from './calendar-names';

describe('calendar names', () => {
  it('names a calendar after its kind', () => {
    expect(defaultCalendarName('following')).toBe('Events I follow');
    expect(defaultCalendarName('mine')).toBe('My events');
  });

  it('names a saved search by its text, then its place, then the map', () => {
    expect(searchCalendarName({ searchText: ' jazz ', place: 'Austin, TX' })).toBe('jazz');
    expect(searchCalendarName({ searchText: '  ', place: 'Austin, TX' })).toBe('Austin, TX');
    expect(searchCalendarName({})).toBe('Events around here');
  });

  it('keeps within the longest name the server takes', () => {
    expect(searchCalendarName({ searchText: 'a'.repeat(200) })).toHaveLength(CALENDAR_NAME_MAX);
  });
});
