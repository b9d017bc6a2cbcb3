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

  it('reads limits: a plan and the capacities to change (issue 26)', () => {
    expect(parsePlansArgs(['limits', 'Free', '--events', '5', '--flyers', '10'], 'hubbub')).toEqual([{ action: 'limits', plan: 'Free', events: 5, flyers: 10 }]);
    expect(parsePlansArgs(['limits', 'Free', '--calendars', '0'], 'hubbub')).toEqual([{ action: 'limits', plan: 'Free', calendars: 0 }]);
  });

  it.each([[['limits', 'Free']], [['limits', 'Free', '--events']], [['limits', 'Free', '--events', '-1']], [['limits', 'Free', '--events', '2.5']], [['limits', 'Free', '--events', '9999999']], [['limits', 'Free', '--seats', '3']]])(
    'refuses limits %j',
    (args) => {
      expect(parsePlansArgs(args, 'hubbub')).toMatch(/--events|Unknown command|whole number/);
    },
  );

  it.each([[[]], [['list', 'extra']], [['set', 'ann@example.org']], [['set', 'a', 'Pro', '--colour', 'red']], [['price', 'Pro', 'week', 'p']], [['price', 'Pro', 'month']], [['drop']]])(
    'says what is wrong with %j',
    (args) => {
      expect(typeof parsePlansArgs(args, 'hubbub')).toBe('string');
    },
  );
});
