import { Anchor, Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { ATTRACTION_KIND_LABELS, formatDateTime, formatTime, lineUpBySetTime, lineUpNowFirst, spansDays, type Attraction } from '@hubbub/contract';
import { initials } from '@/lib/format';

interface LineUpProps {
  attractions: readonly Attraction[];
  event: { startDate: string; endDate: string; timeZone: string };
  /** The host's way to change it (the editor's button), beside the heading. */
  actions?: React.ReactNode;
  /** During the event (the buzz): the set on now first and marked, then what is to come. */
  now?: Date;
  /** Inside a drawer that has its own title: a smaller heading, no frame. */
  bare?: boolean;
}

/** When a set is on, in the event's zone; with the day when the event runs over several. */
function setTimeText(setTime: string, event: LineUpProps['event']): string {
  return spansDays(event) ? formatDateTime(setTime, { timeZone: event.timeZone }) : formatTime(setTime, { timeZone: event.timeZone });
}

export function AttractionRow({ attraction, event, onNow = false }: { attraction: Attraction; event: LineUpProps['event']; onNow?: boolean }) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="md" data-testid="attraction">
      <Avatar src={attraction.picturePath} alt="" size={56} radius="md" color="violet">
        {initials(attraction.name)}
      </Avatar>
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap="xs" wrap="wrap">
          {attraction.setTime && (
            <Text fw={700} size="sm" c="violet.8" data-testid="attraction-time">
              {setTimeText(attraction.setTime, event)}
            </Text>
          )}
          <Text fw={600} data-testid="attraction-name" style={{ overflowWrap: 'anywhere' }}>
            {attraction.name}
          </Text>
          <Badge variant="light" color="gray" size="sm">
            {ATTRACTION_KIND_LABELS[attraction.kind].one}
          </Badge>
          {onNow && (
            <Badge color="red" size="sm" data-testid="attraction-on-now">
              On now
            </Badge>
          )}
        </Group>
        {attraction.description && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {attraction.description}
          </Text>
        )}
        {attraction.link && (
          <Anchor href={attraction.link} target="_blank" rel="noopener noreferrer nofollow ugc" size="sm" w="fit-content">
            <Group gap={4} wrap="nowrap">
              {new URL(attraction.link).hostname.replace(/^www\./, '')}
              <IconExternalLink size={14} aria-label="(opens in a new tab)" />
            </Group>
          </Anchor>
        )}
      </Stack>
    </Group>
  );
}

/** The event's line-up as everyone reads it: by set time, then the rest in the host's order (or, during the event, what is on now first). */
export function LineUp({ attractions, event, actions, now, bare = false }: LineUpProps) {
  if (!attractions.length && !actions) return null;
  const { order, current } = now ? lineUpNowFirst(attractions, now) : { order: lineUpBySetTime(attractions), current: null };
  const items = attractions.length ? (
    <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {order.map((a) => (
        <li key={a.id}>
          <AttractionRow attraction={a} event={event} onNow={a.id === current} />
        </li>
      ))}
    </Stack>
  ) : (
    <Text size="sm" c="dimmed">
      Nothing on the line-up yet. Add the performers, speakers, vendors and sponsors people come for: they show on the event page, and a search for their names finds this event.
    </Text>
  );
  if (bare) {
    return (
      <Stack gap={4} data-testid="line-up">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          Line-up
        </Text>
        {items}
      </Stack>
    );
  }
  return (
    <LineUpFrame testId="line-up" action={actions}>
      {items}
    </LineUpFrame>
  );
}

/** The line-up's section on the event page, read or edited: its heading, the host's action beside it. */
export function LineUpFrame({ testId, action, children }: { testId: string; action?: React.ReactNode; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="line-up-heading" data-testid={testId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="line-up-heading">
          Line-up
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}
