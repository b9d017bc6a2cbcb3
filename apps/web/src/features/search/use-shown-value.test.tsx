import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useShownValue } from './use-shown-value';

describe('useShownValue', () => {
  it('shows a pick at once and then follows the value it is given', () => {
    const { result, rerender } = renderHook(({ value }) => useShownValue(value), { initialProps: { value: 'a' } });
    expect(result.current[0]).toBe('a');
    act(() => result.current[1]('b'));
    expect(result.current[0]).toBe('b');
    // The same value again (the URL not caught up yet) keeps the pick.
    rerender({ value: 'a' });
    expect(result.current[0]).toBe('b');
    // A new value (the URL caught up, or Back) wins.
    rerender({ value: 'c' });
    expect(result.current[0]).toBe('c');
  });

  it('compares with the given test, so an equal object does not undo a pick', () => {
    const same = (x: { n: number }, y: { n: number }) => x.n === y.n;
    const { result, rerender } = renderHook(({ value }) => useShownValue(value, same), { initialProps: { value: { n: 1 } } });
    act(() => result.current[1]({ n: 2 }));
    rerender({ value: { n: 1 } });
    expect(result.current[0]).toEqual({ n: 2 });
    rerender({ value: { n: 2 } });
    expect(result.current[0]).toEqual({ n: 2 });
  });
});
