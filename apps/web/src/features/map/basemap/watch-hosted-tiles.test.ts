import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { watchHostedTiles } from './watch-hosted-tiles';

/** Enough of a map for the watchdog: on, off and a way to fire events. */
function fakeMap() {
  const handlers = new Map<string, Set<(event: unknown) => void>>();
  const map = {
    on: (type: string, fn: (event: unknown) => void) => void (handlers.get(type) ?? handlers.set(type, new Set()).get(type)!).add(fn),
    off: (type: string, fn: (event: unknown) => void) => void handlers.get(type)?.delete(fn),
  };
  const fire = (type: string, event: object) => [...(handlers.get(type) ?? [])].forEach((fn) => fn(event));
  const listening = () => [...handlers.values()].reduce((n, set) => n + set.size, 0);
  return { map: map as unknown as MapLibreMap, fire, listening };
}

afterEach(() => vi.useRealTimers());

describe('watchHostedTiles', () => {
  it('the style first tile arriving ends the watch: no fallback, later errors ignored', () => {
    vi.useFakeTimers();
    const { map, fire, listening } = fakeMap();
    const unreachable = vi.fn();
    watchHostedTiles(map, ['openmaptiles'], 4000, unreachable);
    fire('data', { dataType: 'source', sourceId: 'events', tile: {} });
    expect(listening()).toBe(2);
    fire('data', { dataType: 'source', sourceId: 'openmaptiles', tile: {} });
    expect(listening()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(unreachable).not.toHaveBeenCalled();
  });

  it('a tile error from one of the style sources falls back at once; the app own sources do not', () => {
    const { map, fire } = fakeMap();
    const unreachable = vi.fn();
    watchHostedTiles(map, ['openmaptiles'], 4000, unreachable);
    fire('error', { sourceId: 'events', error: new Error('tile 500') });
    fire('error', { error: new Error('sprite missing') });
    expect(unreachable).not.toHaveBeenCalled();
    fire('error', { sourceId: 'openmaptiles', error: new Error('Failed to fetch') });
    fire('error', { sourceId: 'openmaptiles', error: new Error('Failed to fetch') });
    expect(unreachable).toHaveBeenCalledTimes(1);
  });

  it('no tile within the timeout (a network that never answers) falls back once', () => {
    vi.useFakeTimers();
    const { map, listening } = fakeMap();
    const unreachable = vi.fn();
    watchHostedTiles(map, ['openmaptiles'], 4000, unreachable);
    vi.advanceTimersByTime(3999);
    expect(unreachable).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(unreachable).toHaveBeenCalledTimes(1);
    expect(listening()).toBe(0);
  });

  it('stopping (the map removed) cancels the timeout; a style without sources has nothing to wait for', () => {
    vi.useFakeTimers();
    const { map } = fakeMap();
    const unreachable = vi.fn();
    watchHostedTiles(map, ['openmaptiles'], 4000, unreachable)();
    watchHostedTiles(map, [], 4000, unreachable);
    vi.advanceTimersByTime(10_000);
    expect(unreachable).not.toHaveBeenCalled();
  });
});
