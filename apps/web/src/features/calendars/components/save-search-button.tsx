import { useState } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useSessionUser } from '@/lib/session';
import { SaveSearchDialog, type SearchToSave } from './save-search-dialog';

interface SaveSearchButtonProps {
  /** Null until the map has said what it shows: a search saved before that would be a guess. */
  search: SearchToSave | null;
  categoryName?: (id: string) => string | undefined;
}

/** For signed-in people: the search page's filters and map area, kept as a calendar feed. */
export function SaveSearchButton({ search, categoryName }: SaveSearchButtonProps) {
  const user = useSessionUser();
  const [opened, setOpened] = useState(false);
  // The search is taken when the dialog opens; the map may keep moving behind it.
  const [taken, setTaken] = useState<{ serial: number; search: SearchToSave } | null>(null);
  if (!user) return null;
  const label = 'Save this search as a calendar';
  return (
    <>
      <Tooltip label={label} withinPortal>
        <ActionIcon
          size="lg"
          variant="default"
          aria-label={label}
          disabled={!search}
          onClick={() => {
            if (!search) return;
            setTaken((t) => ({ serial: (t?.serial ?? 0) + 1, search }));
            setOpened(true);
          }}
          data-testid="save-search-as-calendar"
        >
          <IconCalendarPlus size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {taken && <SaveSearchDialog key={taken.serial} search={taken.search} opened={opened} onClose={() => setOpened(false)} categoryName={categoryName} />}
    </>
  );
}
