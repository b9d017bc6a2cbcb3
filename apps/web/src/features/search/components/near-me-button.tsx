import { useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { locate, type Position } from '../geolocation';

interface NearMeButtonProps extends Omit<ButtonProps, 'onClick' | 'loading' | 'children'> {
  onLocate: (position: Position) => void;
  onError: (message: string) => void;
}

/** Asks the browser where the person is; a refusal becomes a message, not a silent no-op. */
export function NearMeButton({ onLocate, onError, ...props }: NearMeButtonProps) {
  const [locating, setLocating] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={<IconCurrentLocation size={16} aria-hidden />}
      loading={locating}
      onClick={() => void (async () => {
        setLocating(true);
        try {
          onLocate(await locate());
        } catch (error) {
          onError(error instanceof Error ? error.message : String(error));
        } finally {
          setLocating(false);
        }
      })()}
      {...props}
    >
      Near me
    </Button>
  );
}
