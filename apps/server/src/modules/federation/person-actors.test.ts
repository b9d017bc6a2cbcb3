import { describe, expect, it } from 'vitest';
import { handleFor } from './person-actors.js';

const ID = '3f2a9c1e-8b7d-4e6f-a5c4-1b2d3e4f5a6b';

describe('handleFor', () => {
  it("makes a host's name a handle in Mastodon's characters, with the start of their id", () => {
    expect(handleFor('Zoë Ortiz', ID)).toBe('zoe_ortiz_3f2a');
    expect(handleFor("  D'Angelo & the Band!  ", ID)).toBe('d_angelo_the_band_3f2a');
    expect(handleFor('The Very Long Name Of A Collective', ID)).toBe('the_very_long_name_o_3f2a');
    // A name without a letter it can keep still gets a handle.
    expect(handleFor('李小龙', ID)).toBe('host_3f2a');
    expect(handleFor('Zoë Ortiz', ID, true)).toBe('zoe_ortiz_3f2a9c1e8b7d');
  });

  it('never gives a handle the site actor could have', () => {
    expect(handleFor('hubbub', ID)).not.toBe('hubbub');
    expect(handleFor('hubbub', ID)).toMatch(/^[a-z0-9_]+$/);
  });
});
