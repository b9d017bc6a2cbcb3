import { describe, expect, it } from 'vitest';
import type { HubEvent } from '@hubbub/contract';
import { escapeHtml } from '../../lib/html-file.js';
import { renderEventHtml } from './render.js';

const event = (over: Partial<HubEvent> = {}): HubEvent =>
  ({
    id: '00000000-0000-4000-8000-000000000001',
    userId: '00000000-0000-4000-8000-000000000002',
    name: 'Lantern walk',
    startDate: '2026-12-04T19:00:00Z',
    endDate: '2026-12-04T21:00:00Z',
    timeZone: 'America/Chicago',
    venue: null,
    area: null,
    contentJson: null,
    tags: [],
    flyers: [],
    timelines: [],
    thumbnailPath: null,
    host: { id: '00000000-0000-4000-8000-000000000002', name: 'Hana' },
    ...over,
  }) as HubEvent;

const page = (e: HubEvent) => renderEventHtml({ event: e, thumbnail: null, flyerImages: new Map(), mapSvg: null, generatedAt: new Date('2026-11-24T00:00:00Z') });

describe('renderEventHtml', () => {
  it("writes dates with the one formatter, in the event's own time zone, always with the year", () => {
    const html = page(event({ timelines: [{ id: 't1', eventId: '00000000-0000-4000-8000-000000000001', flyerIds: [], startDate: '2026-12-04T19:30:00Z', endDate: '2026-12-04T19:45:00Z', state: 'Done' }] as HubEvent['timelines'] }));
    const plain = html.replace(/[\u202f\u2009\u00a0]/g, ' ');
    expect(plain).toContain('Fri, Dec 4, 2026, 1:00 PM CST');
    expect(plain).toContain('Fri, Dec 4, 2026, 1:00 – 3:00 PM CST');
    expect(plain).toContain('<strong>Fri, Dec 4, 2026, 1:30 – 1:45 PM CST</strong>');
    expect(plain).toContain('<dd>Central Time (Chicago)</dd>');
    expect(plain).toContain('Saved from Hubbub on Nov 23, 2026.');
  });

  it('escapes every text people typed, flyers included', () => {
    const flyer = {
      id: '00000000-0000-4000-8000-000000000003',
      eventId: '00000000-0000-4000-8000-000000000001',
      name: '<i>x</i>',
      contentType: null,
      isActivated: false,
      contentJson: JSON.stringify({ version: 1, background: { kind: 'solid', color: '#112233' }, blocks: [{ kind: 'text', id: 'a', text: '"><script>1</script>', fontSize: 20, color: '#ffffff', align: 'left', x: 0.1, y: 0.1 }] }),
    };
    const html = page(event({ name: '<b>Walk</b>', venue: "O'Neil's", flyers: [flyer] }));
    expect(html).not.toMatch(/<b>|<i>|<script>/);
    expect(html).toContain('&lt;b&gt;Walk&lt;/b&gt;');
    expect(html).toContain('O&#39;Neil&#39;s');
    expect(html).toContain('&quot;&gt;&lt;script&gt;1&lt;/script&gt;');
  });

  it('shows a flyer it cannot read as such, and says when there are none', () => {
    const broken = { id: '00000000-0000-4000-8000-000000000004', eventId: '00000000-0000-4000-8000-000000000001', name: 'Old', contentType: null, isActivated: false, contentJson: '{"version":9}' };
    expect(page(event({ flyers: [broken] }))).toContain("This flyer can't be shown");
    expect(page(event())).toContain('This event has no flyers.');
    expect(page(event())).toContain('No flyers were launched for this event.');
  });

  it('escapes the five characters that matter', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
