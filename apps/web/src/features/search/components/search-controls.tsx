import { useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Indicator, TextInput } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { useSyncedDraft } from '@/lib/forms';
import type { Position } from '../geolocation';
import type { SearchState } from '../search-state';
import type { DateWindow, Day } from '../date-window';
import { useShownValue } from '../use-shown-value';
import { CategorySelect, type CategoryOption } from './category-select';
import { DateWindowControl } from './date-window-control';
import { LiveNowToggle } from './live-now-toggle';
import { NearMeButton } from './near-me-button';
import classes from './search-controls.module.css';

export type { CategoryOption } from './category-select';

const sameWindow = (a: DateWindow, b: DateWindow) => a.from === b.from && a.days === b.days;

interface SearchControlsProps {
  state: SearchState;
  today: Day;
  onTextChange: (q: string) => void;
  onWindowChange: (window: DateWindow) => void;
  onCategoryChange: (cat: string | null) => void;
  onLiveChange: (live: boolean) => void;
  onLocate: (position: Position) => void;
  categories: CategoryOption[] | undefined;
  categoriesFailed?: boolean;
  /** The place box; it belongs to the map, which the page puts together with this. */
  placeBox: ReactNode;
  /** Things to do with the search as it stands (save it...); on a phone they stay beside the text, unfolded. */
  actions?: ReactNode;
  /** Changes each time the page moves the map (a city, near me): the phone's filter panel then gets out of the way. */
  mapRequest?: number;
}

/**
 * Text, place, category, "live now" and dates, in a bar whose layout never depends on what is
 * picked: every control has a fixed width and a fixed place, so changing a filter moves nothing
 * (measured in e2e/search-filters.test.ts). A desktop has two rows: where and what, then the
 * filters. On a phone everything but the text is a panel that opens over the map, not above it.
 */
export function SearchControls(props: SearchControlsProps) {
  const { state, today, onTextChange, onWindowChange, onCategoryChange, onLiveChange, onLocate, categories, categoriesFailed, placeBox, actions, mapRequest = 0 } = props;
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false }) ?? false;
  // Shorter date labels where the full ones would not fit the filter row beside the category.
  const narrow = useMediaQuery('(max-width: 62em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [seenRequest, setSeenRequest] = useState(mapRequest);
  if (seenRequest !== mapRequest) {
    setSeenRequest(mapRequest);
    setFiltersOpen(false);
  }
  // Follows the URL when it changes from elsewhere (Back, a shared link), not while typing.
  const [text, setText] = useSyncedDraft(state.q, (draft, q) => draft.trim() === q);
  const [locationError, setLocationError] = useState<string | null>(null);
  const commitText = useDebouncedCallback((value: string) => onTextChange(value), 300);

  // Each control shows its pick at once; the search follows once the URL has it.
  const [cat, showCat] = useShownValue(state.cat);
  const [live, showLive] = useShownValue(state.live);
  const [dateWindow, showWindow] = useShownValue(state.window, sameWindow);
  const activeFilters = Number(Boolean(cat)) + Number(live);

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
      className={classes.text}
      type="search"
    />
  );

  const nearMe = (
    <NearMeButton
      className={classes.nearMe}
      onLocate={(position) => {
        setLocationError(null);
        onLocate(position);
      }}
      onError={setLocationError}
    />
  );
  const category = (
    <CategorySelect
      className={classes.category}
      value={cat}
      onChange={(next) => {
        showCat(next);
        onCategoryChange(next);
      }}
      categories={categories}
      failed={categoriesFailed}
    />
  );
  const liveNow = (
    <LiveNowToggle
      className={classes.live}
      value={live}
      onChange={(next) => {
        showLive(next);
        onLiveChange(next);
      }}
    />
  );
  const dates = (
    <DateWindowControl
      value={dateWindow}
      today={today}
      onChange={(next) => {
        showWindow(next);
        onWindowChange(next);
      }}
      compact={phone || narrow}
      fullWidth={phone}
    />
  );

  return (
    <form role="search" aria-label="Event search" className={classes.bar} onSubmit={(event) => event.preventDefault()}>
      {phone ? (
        <>
          <div className={classes.row}>
            {textBox}
            <Indicator disabled={!activeFilters} label={activeFilters} size={16}>
              <ActionIcon
                size="lg"
                variant={filtersOpen ? 'filled' : 'default'}
                onClick={() => setFiltersOpen((open) => !open)}
                aria-expanded={filtersOpen}
                aria-controls="search-filters"
                aria-label={filtersOpen ? 'Hide filters' : 'Show filters'}
              >
                <IconAdjustmentsHorizontal size={18} aria-hidden />
              </ActionIcon>
            </Indicator>
            {actions}
          </div>
          {/* Kept mounted while shut, so the place typed so far survives closing it. */}
          <div
            id="search-filters"
            className={classes.panel}
            hidden={!filtersOpen}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && !event.defaultPrevented) setFiltersOpen(false);
            }}
          >
            <div className={classes.row}>
              <div className={classes.place}>{placeBox}</div>
              {nearMe}
            </div>
            <div className={classes.row}>
              {category}
              {liveNow}
            </div>
            {dates}
          </div>
        </>
      ) : (
        <>
          <div className={classes.row}>
            {textBox}
            <div className={classes.place}>{placeBox}</div>
            {nearMe}
            {actions && <div className={classes.actions}>{actions}</div>}
          </div>
          <div className={classes.row} role="group" aria-label="Filters">
            {category}
            {liveNow}
            {dates}
          </div>
        </>
      )}
      {locationError && (
        // Over the map, not above it: a message must not push the map down.
        <Alert
          className={classes.message}
          // Opaque: it lies over the map.
          bg="var(--mantine-color-body)"
          color="orange"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setLocationError(null)}
          py="xs"
        >
          {locationError}
        </Alert>
      )}
    </form>
  );
}
