import { describe, expect, it } from 'vitest';
import { hostsEvent, runsEvent } from './event-role';

describe('event roles', () => {
  it('the host and co-hosts run the event; only the host hosts it; door staff and everyone else do neither', () => {
    expect([runsEvent({ myRole: 'host' }), hostsEvent({ myRole: 'host' })]).toEqual([true, true]);
    expect([runsEvent({ myRole: 'co-host' }), hostsEvent({ myRole: 'co-host' })]).toEqual([true, false]);
    expect([runsEvent({ myRole: 'check-in' }), hostsEvent({ myRole: 'check-in' })]).toEqual([false, false]);
    expect([runsEvent({ myRole: null }), hostsEvent({ myRole: null })]).toEqual([false, false]);
  });
});
