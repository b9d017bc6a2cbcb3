import { describe, expect, it } from 'vitest';
import * as forms from './index';

describe('@/lib/forms public API', () => {
  it('re-exports everything the app uses', () => {
    for (const name of [
      'namedRules',
      'required',
      'validateValue',
      'mantineValidator',
      'useFieldRules',
      'masks',
      'applyMask',
      'unmask',
      'FieldError',
      'MaskedTextInput',
    ]) {
      expect(forms, name).toHaveProperty(name);
    }
  });
});
