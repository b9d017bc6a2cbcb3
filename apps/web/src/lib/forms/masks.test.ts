import { describe, expect, it } from 'vitest';
import { applyMask, masks, resolveMask, unmask } from './masks';

describe('masks', () => {
  it('has the spec patterns', () => {
    expect(masks).toEqual({
      date: '####/##/##',
      datetime: '####/##/## ##:##',
      time: '##:##',
      fulltime: '##:##:##',
      phone: '(###) ### - ####',
      card: '#### #### #### ####',
    });
  });
});

describe('applyMask', () => {
  it.each([
    ['date', '20260315', '2026/03/15'],
    ['datetime', '202603151430', '2026/03/15 14:30'],
    ['time', '0930', '09:30'],
    ['fulltime', '093015', '09:30:15'],
    ['phone', '5551234567', '(555) 123 - 4567'],
    ['card', '4111111111111111', '4111 1111 1111 1111'],
  ])('fills the %s mask completely', (mask, digits, expected) => {
    expect(applyMask(digits, mask)).toBe(expected);
  });

  it('returns an empty string for empty or digit-less input', () => {
    expect(applyMask('', 'date')).toBe('');
    expect(applyMask('abc/-', 'date')).toBe('');
    expect(applyMask('', 'phone')).toBe('');
  });

  it('inserts a literal only when a digit follows it', () => {
    expect(applyMask('2026', 'date')).toBe('2026');
    expect(applyMask('20260', 'date')).toBe('2026/0');
    expect(applyMask('202603', 'date')).toBe('2026/03');
    expect(applyMask('2026031', 'date')).toBe('2026/03/1');
  });

  it('keeps literals the user typed only if a digit follows', () => {
    expect(applyMask('2026/', 'date')).toBe('2026');
    expect(applyMask('2026/0', 'date')).toBe('2026/0');
  });

  it('puts a leading literal in front of the first digit', () => {
    expect(applyMask('5', 'phone')).toBe('(5');
    expect(applyMask('555', 'phone')).toBe('(555');
    expect(applyMask('5551', 'phone')).toBe('(555) 1');
    expect(applyMask('555123', 'phone')).toBe('(555) 123');
    expect(applyMask('5551234', 'phone')).toBe('(555) 123 - 4');
  });

  it('lets backspace over a separator remove it', () => {
    // The user deleted the space after ")": the ")" must not be put back.
    expect(applyMask('(555)', 'phone')).toBe('(555');
  });

  it('truncates extra digits', () => {
    expect(applyMask('2026031512345', 'date')).toBe('2026/03/15');
    expect(applyMask('123456789', 'time')).toBe('12:34');
    expect(applyMask('41111111111111119999', 'card')).toBe('4111 1111 1111 1111');
  });

  it('drops non-digits from pasted text', () => {
    expect(applyMask('2026-03-15', 'date')).toBe('2026/03/15');
    expect(applyMask('+1 (555) 123-4567', 'phone')).toBe('(155) 512 - 3456');
    expect(applyMask('tel: 555.123.4567', 'phone')).toBe('(555) 123 - 4567');
    expect(applyMask('4111-1111-1111-1111', 'card')).toBe('4111 1111 1111 1111');
    expect(applyMask('  9 3 0 ', 'time')).toBe('93:0');
  });

  it('ignores non-ASCII digits', () => {
    expect(applyMask('١٢٣٤', 'time')).toBe('');
    expect(applyMask('１２34', 'time')).toBe('34');
  });

  it('reformats an already formatted value unchanged', () => {
    expect(applyMask('(555) 123 - 4567', 'phone')).toBe('(555) 123 - 4567');
    expect(applyMask('2026/03/15 14:30', 'datetime')).toBe('2026/03/15 14:30');
  });

  it('accepts a literal pattern instead of a mask name', () => {
    expect(applyMask('123456', '##-##-##')).toBe('12-34-56');
    expect(applyMask('1', '+# ###')).toBe('+1');
    expect(applyMask('123', 'no slots')).toBe('no slots');
  });
});

describe('resolveMask', () => {
  it('maps names to patterns and passes patterns through', () => {
    expect(resolveMask('phone')).toBe(masks.phone);
    expect(resolveMask('##.##')).toBe('##.##');
    // Inherited object keys are not mask names.
    expect(resolveMask('toString')).toBe('toString');
  });
});

describe('unmask', () => {
  it('returns only the digits', () => {
    expect(unmask('(555) 123 - 4567')).toBe('5551234567');
    expect(unmask('2026/03/15')).toBe('20260315');
    expect(unmask('')).toBe('');
    expect(unmask('abc')).toBe('');
  });
});
