import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstLoad, assetUrls } from './service-worker';

describe('afterFirstLoad', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('waits for the load event, then for an idle moment', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    const run = vi.fn();
    afterFirstLoad(run);
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
    expect(run).not.toHaveBeenCalled();
    idle[0]();
    expect(run).toHaveBeenCalledOnce();
  });

  it('only waits for idle when the page has already loaded', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const run = vi.fn();
    vi.stubGlobal('requestIdleCallback', (next: () => void) => next());
    afterFirstLoad(run);
    expect(run).toHaveBeenCalledOnce();
  });
});

describe('assetUrls', () => {
  it('keeps the build’s own files and drops the API, uploads and other origins', () => {
    const origin = window.location.origin;
    expect(
      assetUrls([
        `${origin}/assets/maplibre-abc.js`,
        `${origin}/assets/maplibre-gl-worker-abc.mjs`,
        `${origin}/engine/api/v1/event/search/`,
        `${origin}/uploads/thumbnails/x.webp`,
        'https://tiles.example.org/assets/style.json',
      ]),
    ).toEqual([`${origin}/assets/maplibre-abc.js`, `${origin}/assets/maplibre-gl-worker-abc.mjs`]);
  });
});
