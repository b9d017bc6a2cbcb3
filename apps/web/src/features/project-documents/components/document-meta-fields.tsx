import { Box, Group, SegmentedControl, Select, Text, Tooltip } from '@mantine/core';
import type { DocumentVisibility } from '@hubbub/contract';
import type { DraftMeta } from './use-document-draft';

/** One of the owner's events, as the select lists it. */
export interface EventOption {
  value: string;
  label: string;
}

interface DocumentMetaFieldsProps {
  events: EventOption[] | undefined;
  eventId: string | null;
  visibility: DocumentVisibility;
  onChange: (over: Partial<DraftMeta>) => void;
}

/** Which event the document belongs to, and whether its page shows it. */
export function DocumentMetaFields({ events, eventId, visibility, onChange }: DocumentMetaFieldsProps) {
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Select
        label="Event"
        placeholder={events?.length === 0 ? 'You have no events yet' : 'Not linked to an event'}
        data={events ?? []}
        value={eventId}
        clearable
        searchable
        nothingFoundMessage="No event of yours has this name"
        w={{ base: '100%', xs: 280 }}
        // Unlinked, a document cannot stay public: there is no page to show it on.
        onChange={(value) => onChange({ eventId: value, visibility: value ? visibility : 'private' })}
      />
      <Box>
        <Text size="sm" fw={500} mb={4}>
          Visibility
        </Text>
        <Tooltip label="Link it to an event first: a public document is shown on its event's page" disabled={Boolean(eventId)}>
          <SegmentedControl
            aria-label="Visibility"
            value={visibility}
            disabled={!eventId}
            data={[
              { value: 'private', label: 'Private' },
              { value: 'public', label: 'Public on the event page' },
            ]}
            onChange={(value) => onChange({ visibility: value as DocumentVisibility })}
          />
        </Tooltip>
      </Box>
    </Group>
  );
}
