export {
  GENERIC_INVALID_MESSAGE,
  REQUIRED_MESSAGE,
  mantineValidator,
  namedRules,
  required,
  validateValue,
  type Rule,
  type RuleName,
} from './rules';
export { useFieldRules, type FieldRulesOptions, type FieldRulesState } from './use-field-rules';
export { applyMask, masks, resolveMask, unmask, type MaskName } from './masks';
export { FieldError, type FieldErrorProps } from './field-error';
export { MaskedTextInput, type MaskedTextInputProps } from './masked-text-input';
