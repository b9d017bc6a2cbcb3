import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CATEGORY_COLOURS, EVENT_TEMPLATES, STATE_TIME_ZONES } from './demo-catalogue.js';
import { DEMO_EVENT_COUNT, planDemoEvents, thumbnailFileOf } from './events-plan.js';
import { SHOWCASE } from './showcase-catalogue.js';

const require = createRequire(import.meta.url);
const iconExists = (icon: string) => {
  try {
    require.resolve(`@tabler/icons/outline/${icon}.svg`);
    return true;
  } catch {
    return false;
  }
};

// One city per state (the seed takes the 400 largest from the geo table; which ones does not change what is checked).
const cities = Object.keys(STATE_TIME_ZONES).map((state, i) => ({ name: `Town ${state}`, state, lat: 30 + i * 0.3, lng: -120 + i * 0.9, population: 10_000 * (i + 1) }));
const hostsOf = new Map(Object.keys(EVENT_TEMPLATES).map((category) => [category, [`host-of-${category}`]]));

describe('the demo catalogue (issue 26: every demo event has its kind’s thumbnail)', () => {
  const planned = planDemoEvents({ cities, hostsOf, now: new Date('2026-11-26T12:00:00Z'), count: DEMO_EVENT_COUNT });
  const kinds = Object.entries(EVENT_TEMPLATES).flatMap(([category, templates]) => templates.map((template) => ({ category, template })));

  it('plans the whole demo, every kind of event at least once', () => {
    expect(planned).toHaveLength(DEMO_EVENT_COUNT);
    const seen = new Set(planned.map((e) => `${e.category}/${e.template.name}`));
    expect([...seen].sort()).toEqual(kinds.map((k) => `${k.category}/${k.template.name}`).sort());
  });

  it('gives every event a thumbnail, and it is its kind’s: named for its category and template, with its icon', () => {
    const without = planned.filter((e) => !e.thumbnail);
    expect(without.map((e) => e.name)).toEqual([]);
    for (const event of planned) {
      // The kind is what the name says: the template's name comes first.
      const kind = kinds.find((k) => event.name.startsWith(`${k.template.name} — `) && k.category === event.category);
      expect(kind, event.name).toBeDefined();
      expect(event.thumbnail).toBe(thumbnailFileOf(kind!.category, kind!.template));
      expect(event.thumbnail.endsWith(`-${kind!.template.icon}.webp`)).toBe(true);
    }
  });

  it('never lets two kinds share a thumbnail file', () => {
    const files = kinds.map((k) => thumbnailFileOf(k.category, k.template));
    expect(new Set(files).size).toBe(files.length);
  });

  it('can draw every kind: its icon exists and its category has colours (a missing one would stop the seed)', () => {
    for (const { category, template } of kinds) {
      expect(iconExists(template.icon), `${category}/${template.name}: ${template.icon}`).toBe(true);
      expect(CATEGORY_COLOURS[category], category).toHaveLength(2);
    }
    for (const person of Object.values(SHOWCASE)) {
      for (const event of person.events) {
        expect(iconExists(event.icon), event.name).toBe(true);
        expect(CATEGORY_COLOURS[event.category], event.name).toHaveLength(2);
      }
    }
  });
});
