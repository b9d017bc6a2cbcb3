import { useCallback, useState } from 'react';
import { validateValue, type Rule } from './rules';

export interface FieldRulesOptions {
  /** When true, only an explicit `validate()` produces an error (e.g. on submit or blur). */
  lazy?: boolean;
}

export interface FieldRulesState {
  error: string | null;
  /** Validates the current value now, stores and returns the message. */
  validate: () => string | null;
  /** Clears the error, e.g. when the form is reset. */
  reset: () => void;
}

export function useFieldRules(
  value: unknown,
  rules: readonly Rule[],
  { lazy = false }: FieldRulesOptions = {},
): FieldRulesState {
  const [error, setError] = useState<string | null>(null);
  const [previous, setPrevious] = useState(value);

  // Adjusting state during render (instead of an effect) avoids a frame showing the stale
  // error, and skipping the first render keeps an untouched field from opening in red.
  if (!Object.is(previous, value)) {
    setPrevious(value);
    if (!lazy) setError(validateValue(value, rules));
  }

  const validate = useCallback(() => {
    const message = validateValue(value, rules);
    setError(message);
    return message;
  }, [value, rules]);

  const reset = useCallback(() => setError(null), []);

  return { error, validate, reset };
}
