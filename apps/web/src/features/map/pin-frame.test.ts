import { describe, expect, it } from 'vitest';
import { frameZoom, PIN_FRAME, stepZoom } from './pin-frame';

describe('pin framing', () => {
  it('pulls a street-level area out to the town and its neighbours', () => {
    expect(frameZoom(13, false)).toBe(PIN_FRAME.offline);
    expect(frameZoom(17, true)).toBe(PIN_FRAME.hosted);
    expect(PIN_FRAME.offline).toBeGreaterThanOrEqual(9);
    expect(PIN_FRAME.hosted).toBeLessThanOrEqual(12);
  });

  it('keeps an area that is already wider than a town', () => {
    expect(frameZoom(6, false)).toBe(6);
    expect(frameZoom(7.5, true)).toBe(7.5);
  });

  it('falls back to the cap without a usable zoom and never opens on the whole world', () => {
    expect(frameZoom(undefined, false)).toBe(PIN_FRAME.offline);
    expect(frameZoom(Number.NaN, true)).toBe(PIN_FRAME.hosted);
    expect(frameZoom(0, false)).toBe(PIN_FRAME.min);
  });

  it('steps the zoom buttons by whole levels inside their range', () => {
    expect(stepZoom(10, 1)).toBe(11);
    expect(stepZoom(9.4, 1)).toBe(10);
    expect(stepZoom(9.4, -1)).toBe(9);
    expect(stepZoom(PIN_FRAME.max, 1)).toBe(PIN_FRAME.max);
    expect(stepZoom(PIN_FRAME.min, -1)).toBe(PIN_FRAME.min);
  });
});
