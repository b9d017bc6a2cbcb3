import { describe, expect, it } from 'vitest';
import { adminTabFrom, adminTabPath } from './admin-tabs';

describe('adminTabFrom', () => {
  it('reads a known tab and falls back to the overview', () => {
    expect(adminTabFrom('people')).toBe('people');
    expect(adminTabFrom('live')).toBe('live');
    expect(adminTabFrom(null)).toBe('overview');
    expect(adminTabFrom('')).toBe('overview');
    expect(adminTabFrom('constructor')).toBe('overview');
  });

  it('builds the address that opens a tab', () => {
    expect(adminTabPath('people')).toBe('/admin?tab=people');
    expect(adminTabPath('overview')).toBe('/admin');
  });
});
