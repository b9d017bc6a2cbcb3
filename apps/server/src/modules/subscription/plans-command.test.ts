import { describe, expect, it } from 'vitest';
import { parsePlansArgs } from './plans-command.js';

describe('parsePlansArgs', () => {
  it('reads list, set with add-ons and a tenant, and several prices at once', () => {
    expect(parsePlansArgs(['list'], 'hubbub')).toEqual([{ action: 'list' }]);
    expect(parsePlansArgs(['set', 'ann@example.org', 'Pro', '--add-on', 'Download.HTML', '--tenant', 'Other'], 'hubbub')).toEqual([
      { action: 'set', email: 'ann@example.org', plan: 'Pro', addOns: ['Download.HTML'], tenant: 'other' },
    ]);
    expect(parsePlansArgs(['set', 'ann@example.org', 'Basic'], 'hubbub')).toEqual([{ action: 'set', email: 'ann@example.org', plan: 'Basic', addOns: [], tenant: 'hubbub' }]);
    expect(parsePlansArgs(['price', 'Pro', 'month', 'price_1', 'Download.HTML', 'year', 'none'], 'hubbub')).toEqual([
      { action: 'price', name: 'Pro', interval: 'month', priceId: 'price_1' },
      { action: 'price', name: 'Download.HTML', interval: 'year', priceId: null },
    ]);
  });

  it.each([[[]], [['list', 'extra']], [['set', 'ann@example.org']], [['set', 'a', 'Pro', '--colour', 'red']], [['price', 'Pro', 'week', 'p']], [['price', 'Pro', 'month']], [['drop']]])(
    'says what is wrong with %j',
    (args) => {
      expect(typeof parsePlansArgs(args, 'hubbub')).toBe('string');
    },
  );
});
