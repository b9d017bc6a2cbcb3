import { Alert, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { formatDateTime, type EventHidden } from '@hubbub/contract';

const TITLES: Record<EventHidden['by'], string> = {
  moderator: 'Hidden by moderators',
  suspension: 'Hidden while your account is suspended',
};

/** Only the owner ever gets `hidden`: tells them why nobody else can find their event. */
export function HiddenNotice({ hidden }: { hidden: EventHidden }) {
  return (
    <Alert color="orange" variant="light" title={TITLES[hidden.by]} icon={<IconEyeOff size={20} aria-hidden />} role="alert" data-testid="event-hidden-notice" data-hidden-by={hidden.by}>
      <Text size="sm">Other people cannot see this event: it is left out of search, the map and the buzz.</Text>
      <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        <Text span fw={600}>
          Reason ({formatDateTime(hidden.at)}):
        </Text>{' '}
        {hidden.reason}
      </Text>
      {hidden.by === 'suspension' && (
        <Text size="sm" mt={6}>
          It is shown again when the suspension is lifted.
        </Text>
      )}
    </Alert>
  );
}
