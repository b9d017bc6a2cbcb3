import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHAKE_MS, shakeClassName, useShake } from './use-shake';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  // Unmounted while the fake clock still runs, so the hook's clearTimeout reaches its timer.
  cleanup();
  vi.useRealTimers();
});

describe('useShake', () => {
  it('applies the shake class for SHAKE_MS', () => {
    const { result } = renderHook(useShake);
    expect(result.current.shaking).toBe(false);
    expect(result.current.className).toBeUndefined();
    act(() => result.current.shake());
    expect(result.current.shaking).toBe(true);
    expect(result.current.className).toBe(shakeClassName);
    expect(shakeClassName).toMatch(/shake/);
    act(() => vi.advanceTimersByTime(SHAKE_MS - 1));
    expect(result.current.shaking).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.shaking).toBe(false);
  });

  it('ignores a second shake while one is running, then shakes again later', () => {
    const { result } = renderHook(useShake);
    act(() => result.current.shake());
    act(() => vi.advanceTimersByTime(100));
    act(() => result.current.shake());
    act(() => vi.advanceTimersByTime(SHAKE_MS - 100));
    expect(result.current.shaking).toBe(false);
    act(() => result.current.shake());
    expect(result.current.shaking).toBe(true);
  });

  it('clears its timer on unmount', () => {
    const { result, unmount } = renderHook(useShake);
    act(() => result.current.shake());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
