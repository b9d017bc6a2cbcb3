import { describe, expect, it } from 'vitest';
import { shareableEventUrl } from './public-event.js';

describe('shareableEventUrl', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const event = { id: '6f1b3f0e-2c4d-4a5b-9c8d-7e6f5a4b3c2d', slug: 'rooftop-jazz', publishOnDate: null };
  const url = (over: Partial<Parameters<typeof shareableEventUrl>[0]> = {}) => shareableEventUrl({ publicUrl: 'https://hubbub.test', tenantKey: 'hubbub', event, now, ...over });

  it('is the public page of a published event on the site’s own tenant', () => {
    expect(url()).toBe('https://hubbub.test/e/rooftop-jazz');
    expect(url({ event: { ...event, publishOnDate: '2026-11-26T11:00:00Z' } })).toBe('https://hubbub.test/e/rooftop-jazz');
  });

  it('is the full page of a draft and of another tenant’s event, which have no public page', () => {
    expect(url({ event: { ...event, publishOnDate: '2026-11-27T00:00:00Z' } })).toBe(`https://hubbub.test/event/${event.id}`);
    expect(url({ tenantKey: 'other' })).toBe(`https://hubbub.test/event/${event.id}`);
  });
});
