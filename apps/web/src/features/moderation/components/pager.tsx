import { Group, Pagination } from '@mantine/core';

const LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

/** Mantine's arrows carry no text: each gets a name a screen reader can say. */
export function Pager({ total, value, onChange }: { total: number; value: number; onChange: (page: number) => void }) {
  if (total <= 1) return null;
  return (
    <Group>
      <Pagination total={total} value={value} onChange={onChange} getControlProps={(control) => ({ 'aria-label': LABELS[control] })} />
    </Group>
  );
}
