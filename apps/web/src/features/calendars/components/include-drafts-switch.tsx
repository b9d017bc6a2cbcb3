import { Switch, type SwitchProps } from '@mantine/core';

type IncludeDraftsSwitchProps = Omit<SwitchProps, 'checked' | 'onChange' | 'label' | 'description'> & {
  checked: boolean;
  onChange: (checked: boolean) => void;
};

/**
 * A "My events" calendar's choice to carry drafts too. Off unless chosen (issue 22): the address
 * is handed to calendar services, so the description says who then sees them. Shared by the new
 * calendar dialog and the calendar's row, so it reads the same wherever it is made.
 */
export function IncludeDraftsSwitch({ checked, onChange, ...rest }: IncludeDraftsSwitchProps) {
  return (
    <Switch
      label="Include my drafts"
      description="Also list the events you host that are not published yet. Anyone who has this calendar’s address will see them."
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      {...rest}
    />
  );
}
