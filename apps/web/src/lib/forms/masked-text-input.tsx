import { TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent, Ref } from 'react';
import { applyMask, unmask, type MaskName } from './masks';

export interface MaskedTextInputProps extends TextInputProps {
  mask: MaskName | (string & {});
  ref?: Ref<HTMLInputElement>;
  /** Convenience alongside `onChange`: the formatted text and its bare digits. */
  onValueChange?: (formatted: string, digits: string) => void;
}

function caretAfterDigits(text: string, digitCount: number): number {
  if (digitCount === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] >= '0' && text[i] <= '9' && ++seen === digitCount) return i + 1;
  }
  return text.length;
}

/**
 * A TextInput that formats digits into `mask` while typing. `onChange` receives the event with
 * the formatted value already in `currentTarget.value`, so @mantine/form's getInputProps works.
 */
export function MaskedTextInput({
  mask,
  value,
  defaultValue,
  onChange,
  onValueChange,
  ref,
  ...rest
}: MaskedTextInputProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const raw = input.value;
    const caret = input.selectionStart ?? raw.length;
    const formatted = applyMask(raw, mask);
    if (formatted !== raw) {
      input.value = formatted;
      // Assigning .value jumps the caret to the end; put it back when editing mid-text.
      if (caret < raw.length) {
        const position = caretAfterDigits(formatted, unmask(raw.slice(0, caret)).length);
        try {
          input.setSelectionRange(position, position);
        } catch {
          // Some input types have no selection API; a caret at the end is acceptable there.
        }
      }
    }
    onChange?.(event);
    onValueChange?.(formatted, unmask(formatted));
  };

  return (
    <TextInput
      ref={ref}
      inputMode="numeric"
      {...rest}
      // Values coming from outside (e.g. bare digits from the API) are shown formatted too.
      value={typeof value === 'string' ? applyMask(value, mask) : value}
      defaultValue={typeof defaultValue === 'string' ? applyMask(defaultValue, mask) : defaultValue}
      onChange={handleChange}
    />
  );
}
