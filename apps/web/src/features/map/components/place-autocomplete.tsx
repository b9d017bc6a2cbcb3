import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Autocomplete, Loader, type AutocompleteProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { usStatesMatching, type City, type UsState } from '@hubbub/contract';
import { cityLabel, useCitySearch } from '../api/cities';

export interface PlaceAutocompleteProps extends Omit<AutocompleteProps, 'data' | 'value' | 'onChange' | 'onOptionSubmit' | 'filter' | 'error'> {
  onPick: (city: City) => void;
  /** Offers the US states the text may name too ("Texas (state)"), first; without it, cities only. */
  onPickState?: (state: UsState) => void;
  error?: ReactNode;
  /** Empties the box after a pick, for boxes that only move the map. */
  clearOnPick?: boolean;
}

const stateLabel = (state: UsState) => `${state.name} (state)`;

/** A city search box over the geo API (prefix and fuzzy matches, biggest first), and the states when asked. */
export function PlaceAutocomplete({ onPick, onPickState, error, clearOnPick = false, ...props }: PlaceAutocompleteProps) {
  const [text, setText] = useState('');
  // After a pick the box holds the chosen label; the list stays shut until the person types again.
  const [picked, setPicked] = useState(false);
  // Mantine echoes a submitted option through onChange; that echo must not undo the pick.
  const pickedLabel = useRef<string | null>(null);
  const [search] = useDebouncedValue(text, 250);
  const cities = useCitySearch(search);

  // Autocomplete works on labels; two towns could share one, so later ones get a counter.
  const byLabel = useMemo(() => {
    const map = new Map<string, City>();
    for (const city of cities.data ?? []) {
      let label = cityLabel(city);
      for (let n = 2; map.has(label); n++) label = `${cityLabel(city)} (${n})`;
      map.set(label, city);
    }
    return map;
  }, [cities.data]);

  const states = useMemo(() => new Map((onPickState ? usStatesMatching(text) : []).map((state) => [stateLabel(state), state])), [onPickState, text]);

  const submit = (label: string) => {
    const city = byLabel.get(label);
    const state = states.get(label);
    if (!city && !state) return;
    pickedLabel.current = label;
    setText(clearOnPick ? '' : label);
    setPicked(!clearOnPick);
    if (state) onPickState?.(state);
    else if (city) onPick(city);
  };

  const typed = text.trim().length >= 2;
  const noMatch = typed && !picked && search === text && cities.isSuccess && !cities.isFetching && byLabel.size === 0 && states.size === 0;

  return (
    <Autocomplete
      leftSection={<IconMapPin size={16} aria-hidden />}
      rightSection={cities.isFetching && typed ? <Loader size={14} /> : null}
      {...props}
      value={text}
      onChange={(value) => {
        if (pickedLabel.current !== null && value === pickedLabel.current) return;
        pickedLabel.current = null;
        setText(value);
        setPicked(false);
      }}
      data={typed && !picked ? [...states.keys(), ...byLabel.keys()] : []}
      // The server already matched fuzzily; filtering again here would drop its near misses.
      filter={({ options }) => options}
      selectFirstOptionOnChange
      onOptionSubmit={submit}
      onKeyDown={(event) => {
        // Results often arrive after the last keystroke, when no option is active yet: Enter
        // then takes the best match rather than doing nothing.
        if (event.key !== 'Enter' || event.currentTarget.getAttribute('aria-activedescendant')) return;
        const [first] = [...states.keys(), ...byLabel.keys()];
        if (first) {
          event.preventDefault();
          submit(first);
        }
      }}
      error={error ?? (cities.isError && typed ? 'Places could not be searched. Try again in a moment.' : noMatch ? 'No place matches that name.' : undefined)}
    />
  );
}
