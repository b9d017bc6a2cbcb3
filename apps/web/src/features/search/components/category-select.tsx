import { useLayoutEffect, useRef, useState } from 'react';
import { Select, Tooltip } from '@mantine/core';

export interface CategoryOption {
  value: string;
  label: string;
}

interface CategorySelectProps {
  value: string | null;
  onChange: (cat: string | null) => void;
  categories: CategoryOption[] | undefined;
  failed?: boolean;
  className?: string;
}

/**
 * The category, by its full name. The box is wide enough for every category today; should a name
 * ever not fit, it ends in an ellipsis and the whole name shows as a tooltip (only then).
 */
export function CategorySelect({ value, onChange, categories, failed = false, className }: CategorySelectProps) {
  const input = useRef<HTMLInputElement>(null);
  const [cut, setCut] = useState(false);
  const label = categories?.find((c) => c.value === value)?.label ?? null;

  // Measured after layout, before paint: the tooltip is for names the box truly cuts.
  useLayoutEffect(() => {
    const el = input.current;
    setCut(Boolean(el && label && el.scrollWidth > el.clientWidth + 1));
  }, [label]);

  return (
    <Tooltip label={label} disabled={!cut} withinPortal openDelay={300}>
      <div className={className}>
        <Select
          ref={input}
          aria-label="Category"
          placeholder={failed ? 'Categories unavailable' : 'All categories'}
          data={categories ?? []}
          value={value}
          onChange={onChange}
          clearable
          searchable
          disabled={failed}
          nothingFoundMessage="No such category"
          styles={{ input: { textOverflow: 'ellipsis' } }}
          comboboxProps={{ withinPortal: true }}
        />
      </div>
    </Tooltip>
  );
}
