import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { required, type Rule } from './rules';
import { useFieldRules } from './use-field-rules';

const rules: Rule[] = [required('Required.'), 'time'];

function setup(initial: string, lazy?: boolean) {
  return renderHook(({ value }) => useFieldRules(value, rules, { lazy }), {
    initialProps: { value: initial },
  });
}

describe('useFieldRules', () => {
  it('shows no error before the value changes, even if invalid', () => {
    const { result } = setup('');
    expect(result.current.error).toBeNull();
  });

  it('validates on every change by default', () => {
    const { result, rerender } = setup('');
    rerender({ value: '25:00' });
    expect(result.current.error).toBe('Enter a time as HH:MM.');
    rerender({ value: '12:00' });
    expect(result.current.error).toBeNull();
    rerender({ value: '' });
    expect(result.current.error).toBe('Required.');
  });

  it('in lazy mode ignores changes until validate() is called', () => {
    const { result, rerender } = setup('', true);
    rerender({ value: '25:00' });
    expect(result.current.error).toBeNull();
    let returned: string | null = null;
    act(() => {
      returned = result.current.validate();
    });
    expect(returned).toBe('Enter a time as HH:MM.');
    expect(result.current.error).toBe('Enter a time as HH:MM.');
    // Still lazy afterwards: a fix shows only on the next validate().
    rerender({ value: '12:00' });
    expect(result.current.error).toBe('Enter a time as HH:MM.');
    act(() => void result.current.validate());
    expect(result.current.error).toBeNull();
  });

  it('validate() checks the current value on demand', () => {
    const { result } = setup('');
    act(() => void result.current.validate());
    expect(result.current.error).toBe('Required.');
  });

  it('reset() clears the error until the next change', () => {
    const { result, rerender } = setup('');
    rerender({ value: 'x' });
    expect(result.current.error).not.toBeNull();
    act(() => result.current.reset());
    expect(result.current.error).toBeNull();
    rerender({ value: 'y' });
    expect(result.current.error).toBe('Enter a time as HH:MM.');
  });

  it('does not revalidate when re-rendered with the same value', () => {
    const { result, rerender } = setup('');
    rerender({ value: 'x' });
    act(() => result.current.reset());
    rerender({ value: 'x' });
    expect(result.current.error).toBeNull();
  });
});
