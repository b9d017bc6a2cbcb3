import { Badge, Button, Group } from '@mantine/core';
import { IconHeart, IconHeartFilled, IconStar, IconStarFilled, type Icon } from '@tabler/icons-react';
import type { HubEvent, LinkType } from '@hubbub/contract';
import { notifyProblem } from '@/lib/ui';
import { useToggleEventLink } from '../api/event-links';

interface LinkLook {
  type: LinkType;
  off: string;
  on: string;
  icon: Icon;
  onIcon: Icon;
  testId: string;
}

const LINKS: LinkLook[] = [
  { type: 'Follow', off: 'Follow', on: 'Following', icon: IconHeart, onIcon: IconHeartFilled, testId: 'event-link-follow' },
  { type: 'Star', off: 'Star', on: 'Starred', icon: IconStar, onIcon: IconStarFilled, testId: 'event-link-star' },
];

/** Follow and Star toggles, each with how many people did the same (Going has its own panel: features/going). */
export function EventLinkButtons({ event }: { event: HubEvent }) {
  const toggle = useToggleEventLink();
  const busyType = toggle.isPending ? toggle.variables?.type : null;

  return (
    <Group gap="xs" role="group" aria-label="Your interest">
      {LINKS.map((look) => {
        const linkId = event.myLinks[look.type];
        const on = Boolean(linkId);
        const count = event.linkCounts[look.type];
        const IconShown = on ? look.onIcon : look.icon;
        return (
          <Button
            key={look.type}
            variant={on ? 'filled' : 'default'}
            leftSection={<IconShown size={16} aria-hidden />}
            rightSection={
              // Part of the button's name ("Follow 3"): what is seen is what is read.
              <Badge size="sm" variant={on ? 'white' : 'light'} circle={count < 10}>
                {count}
              </Badge>
            }
            aria-pressed={on}
            data-testid={look.testId}
            data-count={count}
            loading={busyType === look.type}
            disabled={toggle.isPending && busyType !== look.type}
            onClick={() => void (async () => {
              try {
                await toggle.mutateAsync({ eventId: event.id, type: look.type, linkId });
              } catch (error) {
                notifyProblem(error, `Could not ${on ? 'undo' : 'save'} “${look.off}”`);
              }
            })()}
          >
            {on ? look.on : look.off}
          </Button>
        );
      })}
    </Group>
  );
}
