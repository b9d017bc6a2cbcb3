import { useRef, useState } from 'react';
import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { IconMapPinFilled } from '@tabler/icons-react';
import { DEFAULT_MAP, type AreaInput } from '@hubbub/contract';
import { getNearbyCities } from '../api/cities';
import { areaFromCity, areaFromPin, describeArea } from '../area-from-place';
import type { MapView } from '../map-view';
import { PinPickerMap } from './lazy-maps';
import { PlaceAutocomplete } from './place-autocomplete';

export interface PlaceFieldProps {
  value: AreaInput | null;
  /** The place, with its city's IANA time zone when known (the event form keeps the dates in it). */
  onChange: (area: AreaInput | null, timeZone?: string | null) => void;
  error?: string | null;
  required?: boolean;
}

const HOME: MapView = {
  latitude: DEFAULT_MAP.homeArea.latitude,
  longitude: DEFAULT_MAP.homeArea.longitude,
  zoom: DEFAULT_MAP.homeArea.zoom,
};

/** Where an event is: a city from the list, or a pin dropped on a small map. */
export function PlaceField({ value, onChange, error, required }: PlaceFieldProps) {
  const [pinning, setPinning] = useState(false);
  // Only the newest pin may take the nearest-city answer; an older, slower one is dropped.
  const pinSeq = useRef(0);

  const pin = async (view: MapView) => {
    const seq = ++pinSeq.current;
    onChange(areaFromPin(view, null));
    try {
      const [nearest] = await getNearbyCities(view.latitude, view.longitude, 1);
      if (seq === pinSeq.current) onChange(areaFromPin(view, nearest ?? null), nearest?.timeZone ?? null);
    } catch {
      // Naming the pin is a nicety; the coordinates alone are a valid place.
    }
  };

  return (
    <Input.Wrapper label="Place" labelElement="div" required={required} error={error} description="Pick the city, or drop a pin for an exact spot.">
      <Stack gap="xs" mt={4}>
        <PlaceAutocomplete
          label="City"
          placeholder="Search a city"
          clearOnPick
          onPick={(city) => {
            pinSeq.current++;
            onChange(areaFromCity(city), city.timeZone);
          }}
        />
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" aria-live="polite" data-testid="place-value" style={{ minWidth: 0 }}>
            {value ? (
              <>
                <IconMapPinFilled size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
                {describeArea(value)}
              </>
            ) : (
              <Text span c="dimmed" size="sm">
                No place chosen yet.
              </Text>
            )}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => setPinning((open) => !open)} aria-expanded={pinning}>
            {pinning ? 'Hide map' : 'Drop a pin'}
          </Button>
        </Group>
        {pinning && (
          <PinPickerMap
            value={value ? { latitude: value.latitude, longitude: value.longitude } : null}
            fallbackView={HOME}
            onPick={(view) => void pin(view)}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
