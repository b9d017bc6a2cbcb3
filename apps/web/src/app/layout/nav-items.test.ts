import { describe, expect, it } from 'vitest';
import { navItemsFor } from './nav-items';

describe('navItemsFor', () => {
  it('offers a visitor only what works without an account', () => {
    expect(navItemsFor(false).map((item) => item.to)).toEqual(['/search']);
  });

  it('offers a signed-in person their home first, then the rest, People last', () => {
    expect(navItemsFor(true).map((item) => item.label)).toEqual(['Home', 'Search', 'Buzz', 'Events', 'Following', 'Documents', 'People']);
    // Home and Events are matched exactly: /events/following highlights Following alone.
    expect(navItemsFor(true).filter((item) => item.end).map((item) => item.to)).toEqual(['/dashboard', '/events']);
  });
});
