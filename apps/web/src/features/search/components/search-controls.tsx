import { useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Collapse, Group, Indicator, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { useSyncedDraft } from '@/lib/forms';
import type { Position } from '../geolocation';
import type { SearchState } from '../search-state';
import type { DateWindow, Day } from '../date-window';
import { DateWindowControl } from './date-window-control';
import { NearMeButton } from './near-me-button';

export interface CategoryOption {
  value: string;
  label: string;
}

interface SearchControlsProps {
  state: SearchState;
  today: Day;
  onTextChange: (q: string) => void;
  onWindowChange: (window: DateWindow) => void;
  onCategoryChange: (cat: string | null) => void;
  onLocate: (position: Position) => void;
  categories: CategoryOption[] | undefined;
  categoriesFailed?: boolean;
  /** The place box; it belongs to the map, which the page puts together with this. */
  placeBox: ReactNode;
  /** Things to do with the search as it stands (save it...); on a phone they stay beside the text, unfolded. */
  actions?: ReactNode;
}

/** Text, dates, category and place. On a phone everything but the text folds behind "Filters". */
export function SearchControls({ state, today, onTextChange, onWindowChange, onCategoryChange, onLocate, categories, categoriesFailed, placeBox, actions }: SearchControlsProps) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [filtersOpen, filters] = useDisclosure(false);
  // Follows the URL when it changes from elsewhere (Back, a shared link), not while typing.
  const [text, setText] = useSyncedDraft(state.q, (draft, q) => draft.trim() === q);
  const [locationError, setLocationError] = useState<string | null>(null);
  const commitText = useDebouncedCallback((value: string) => onTextChange(value), 300);

  const activeFilters = Number(Boolean(state.cat));

  const textBox = (
    <TextInput
      aria-label="Search events"
      placeholder="Search events"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commitText(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          commitText.cancel();
          onTextChange(text);
        }
      }}
      style={{ flex: phone ? 1 : '0 1 220px', minWidth: 0 }}
      type="search"
    />
  );

  const rest = (
    <>
      <div style={{ flex: phone ? 'none' : '0 1 220px', minWidth: 0 }}>{placeBox}</div>
      <NearMeButton
        onLocate={(position) => {
          setLocationError(null);
          onLocate(position);
        }}
        onError={setLocationError}
      />
      <Select
        aria-label="Category"
        placeholder={categoriesFailed ? 'Categories unavailable' : 'All categories'}
        data={categories ?? []}
        value={state.cat}
        onChange={onCategoryChange}
        clearable
        searchable
        disabled={categoriesFailed}
        nothingFoundMessage="No such category"
        style={{ flex: phone ? 'none' : '0 1 170px', minWidth: 0 }}
        comboboxProps={{ withinPortal: true }}
      />
      <DateWindowControl value={state.window} today={today} onChange={onWindowChange} compact={phone} />
    </>
  );

  return (
    <Stack gap="xs" p="sm" component="form" role="search" aria-label="Event search" onSubmit={(event) => event.preventDefault()}>
      {phone ? (
        <>
          <Group gap="xs" wrap="nowrap">
            {textBox}
            <Indicator disabled={!activeFilters} label={activeFilters} size={16}>
              <ActionIcon
                size="lg"
                variant={filtersOpen ? 'filled' : 'default'}
                onClick={filters.toggle}
                aria-expanded={filtersOpen}
                aria-controls="search-filters"
                aria-label={filtersOpen ? 'Hide filters' : 'Show filters'}
              >
                <IconAdjustmentsHorizontal size={18} aria-hidden />
              </ActionIcon>
            </Indicator>
            {actions}
          </Group>
          <Collapse in={filtersOpen} id="search-filters">
            <Stack gap="xs">{rest}</Stack>
          </Collapse>
        </>
      ) : (
        <Group gap="xs" align="center" wrap="wrap">
          {textBox}
          {rest}
          {actions}
        </Group>
      )}
      {locationError && (
        <Alert color="orange" variant="light" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setLocationError(null)} py="xs">
          {locationError}
        </Alert>
      )}
    </Stack>
  );
}
