import { ColorInput } from '@mantine/core';
import { HEX_COLOR } from '@hubbub/contract';
import { useSyncedDraft } from '@/lib/forms';

const SWATCHES = ['#ffffff', '#000000', '#1f2937', '#f03e3e', '#f59f00', '#fab005', '#40c057', '#15aabf', '#228be6', '#7048e8', '#e64980'];

/**
 * A colour field that only reports complete #rrggbb values: half-typed colours stay in the
 * field, so the live preview never receives content the contract would refuse.
 */
export function HexColorField({ label, value, onChange }: { label: string; value: string; onChange: (color: string) => void }) {
  const [text, setText] = useSyncedDraft(value, (draft, color) => draft.toLowerCase() === color.toLowerCase());
  return (
    <ColorInput
      label={label}
      format="hex"
      swatches={SWATCHES}
      swatchesPerRow={11}
      eyeDropperButtonProps={{ 'aria-label': `Pick the ${label.toLowerCase()} from the screen` }}
      value={text}
      onChange={(next) => {
        setText(next);
        if (HEX_COLOR.test(next)) onChange(next.toLowerCase());
      }}
      onBlur={() => setText(value)}
      error={HEX_COLOR.test(text) ? undefined : 'Write the colour as #rrggbb.'}
    />
  );
}
