import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import type { HubEvent } from '@hubbub/contract';
import { LineUp } from './line-up';
import { LineUpEditor } from './line-up-editor';

/** The event page's line-up: everyone reads it; its host changes it in place. */
export function LineUpSection({ event, isHost }: { event: Pick<HubEvent, 'id' | 'startDate' | 'endDate' | 'timeZone' | 'attractions'>; isHost: boolean }) {
  const [editing, setEditing] = useState(false);
  if (isHost && editing) return <LineUpEditor event={event} onDone={() => setEditing(false)} />;
  return (
    <LineUp
      attractions={event.attractions}
      event={event}
      actions={
        isHost ? (
          <Button variant="light" size="xs" leftSection={<IconListDetails size={14} aria-hidden />} onClick={() => setEditing(true)} data-testid="edit-line-up">
            {event.attractions.length ? 'Edit line-up' : 'Add a line-up'}
          </Button>
        ) : undefined
      }
    />
  );
}
