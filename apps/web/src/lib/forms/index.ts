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
export { FieldError, type FieldErrorProps } from './field-error';
export { useSyncedDraft } from './use-synced-draft';
