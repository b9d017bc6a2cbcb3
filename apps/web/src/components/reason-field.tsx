import { Textarea } from '@mantine/core';
import { MODERATION_REASON_MAX } from '@hubbub/contract';

/** Every admin action asks why; the answer goes in the audit log. */
export function ReasonField(props: { value: string; onChange: (reason: string) => void; error?: string | null; autoFocus?: boolean }) {
  return (
    <Textarea
      label="Reason"
      description="Kept in the audit log with the action."
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      maxLength={MODERATION_REASON_MAX}
      autosize
      minRows={2}
      data-autofocus={props.autoFocus || undefined}
      error={props.error}
      required
    />
  );
}
