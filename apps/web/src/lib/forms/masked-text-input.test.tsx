// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MaskedTextInput } from './masked-text-input';

beforeAll(() => {
  // jsdom has no matchMedia; Mantine reads it for the colour scheme.
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
});
afterEach(cleanup);

const wrap = (node: ReactNode) => render(<MantineProvider>{node}</MantineProvider>);
const input = () => screen.getByRole('textbox') as HTMLInputElement;

function Controlled({ mask, initial = '' }: { mask: string; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MaskedTextInput label="Field" mask={mask} value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      <output data-testid="state">{value}</output>
    </>
  );
}

describe('MaskedTextInput', () => {
  it('renders a labelled numeric text input', () => {
    wrap(<MaskedTextInput label="Phone" mask="phone" />);
    const field = screen.getByLabelText('Phone');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect((field as HTMLInputElement).type).toBe('text');
  });

  it('formats as the user types (uncontrolled)', () => {
    wrap(<MaskedTextInput mask="date" />);
    fireEvent.change(input(), { target: { value: '2' } });
    expect(input().value).toBe('2');
    fireEvent.change(input(), { target: { value: '20260' } });
    expect(input().value).toBe('2026/0');
    fireEvent.change(input(), { target: { value: '2026/0315' } });
    expect(input().value).toBe('2026/03/15');
  });

  it('keeps controlled state formatted', () => {
    wrap(<Controlled mask="phone" />);
    fireEvent.change(input(), { target: { value: '5551234567' } });
    expect(input().value).toBe('(555) 123 - 4567');
    expect(screen.getByTestId('state').textContent).toBe('(555) 123 - 4567');
  });

  it('drops letters and truncates extra digits on paste', () => {
    wrap(<Controlled mask="time" />);
    fireEvent.change(input(), { target: { value: 'at 09h30m45s' } });
    expect(input().value).toBe('09:30');
    fireEvent.change(input(), { target: { value: 'abc' } });
    expect(input().value).toBe('');
  });

  it('formats an unformatted controlled value and defaultValue', () => {
    wrap(<Controlled mask="card" initial="4111111111111111" />);
    expect(input().value).toBe('4111 1111 1111 1111');
    cleanup();
    wrap(<MaskedTextInput mask="date" defaultValue="20260101" />);
    expect(input().value).toBe('2026/01/01');
  });

  it('accepts a literal pattern as the mask', () => {
    wrap(<MaskedTextInput mask="##-##" />);
    fireEvent.change(input(), { target: { value: '12345' } });
    expect(input().value).toBe('12-34');
  });

  it('lets backspace remove a separator', () => {
    wrap(<Controlled mask="phone" initial="(555) 1" />);
    fireEvent.change(input(), { target: { value: '(555) ' } });
    expect(input().value).toBe('(555');
  });

  it('keeps the caret after the digit typed mid-text', () => {
    wrap(<Controlled mask="phone" initial="(555) 123" />);
    // The user types 9 after the first 5: "(5|55) 123" -> "(59|55) 123".
    fireEvent.change(input(), {
      target: { value: '(5955) 123', selectionStart: 3, selectionEnd: 3 },
    });
    expect(input().value).toBe('(595) 512 - 3');
    expect(input().selectionStart).toBe(3);
  });

  it('reports the formatted text and digits to onValueChange', () => {
    const onValueChange = vi.fn();
    wrap(<MaskedTextInput mask="time" onValueChange={onValueChange} />);
    fireEvent.change(input(), { target: { value: '123' } });
    expect(onValueChange).toHaveBeenLastCalledWith('12:3', '123');
  });

  it('works with @mantine/form getInputProps', () => {
    let latest: Record<string, string> = {};
    function Form() {
      const form = useForm({ initialValues: { when: '' } });
      latest = form.getValues();
      return <MaskedTextInput mask="datetime" {...form.getInputProps('when')} />;
    }
    wrap(<Form />);
    fireEvent.change(input(), { target: { value: '202603151430' } });
    expect(input().value).toBe('2026/03/15 14:30');
    expect(latest.when).toBe('2026/03/15 14:30');
  });

  it('forwards the ref to the input element', () => {
    let element: HTMLInputElement | null = null;
    wrap(<MaskedTextInput mask="time" ref={(el) => void (element = el)} />);
    expect(element).toBe(input());
  });
});
