import type { ReactNode } from 'react';
import { Alert, Avatar, Button, Drawer, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconCheck } from '@tabler/icons-react';
import { ATTRACTION_KIND_LABELS, EVENT_PARTNERS_SCAN_MAX, formatNumber, type EventPartners } from '@hubbub/contract';
import { QueryState } from '@/components/query-state';
import { UserAvatar } from '@/components/user-avatar';
import { initials } from '@/lib/format';
import { drawerPlacement } from '@/lib/ui';
import classes from './partners-drawer.module.css';

/** What the drawer has chosen: one host, or one partner or sponsor (by its key). */
export interface PartnerChoice {
  host: string | null;
  partner: string | null;
}

interface PartnersDrawerProps {
  opened: boolean;
  onClose: () => void;
  partners: UseQueryResult<EventPartners>;
  chosen: PartnerChoice;
  /** The chosen one's name, for the line that says what the map shows. */
  chosenName: string | null;
  onChoose: (choice: PartnerChoice) => void;
}

const eventsText = (n: number) => `${formatNumber(n)} ${n === 1 ? 'event' : 'events'}`;

function Row({ avatar, name, detail, selected, onClick }: { avatar: ReactNode; name: string; detail: string; selected: boolean; onClick: () => void }) {
  return (
    <UnstyledButton className={classes.row} aria-pressed={selected} onClick={onClick} data-selected={selected || undefined}>
      <Group gap="sm" wrap="nowrap">
        {/* The name follows: the initials would only be read out again. */}
        <span aria-hidden style={{ display: 'contents' }}>
          {avatar}
        </span>
        <div className={classes.text}>
          <Text size="sm" fw={500} truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        </div>
        {selected && <IconCheck size={18} aria-hidden className={classes.check} />}
      </Group>
    </UnstyledButton>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Text component="h3" size="xs" c="dimmed" tt="uppercase" fw={700} m={0}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * The spec's partners drawer on /search: the hosts of the events in view and the partners and
 * sponsors their line-ups name, each with how many of those events are theirs. Choosing one shows
 * only their events on the map and in the list (the choice goes in the URL); choosing it again, or
 * "Show everyone's events", lets go. A right-hand drawer on a wide screen, a sheet on a phone.
 */
export function PartnersDrawer({ opened, onClose, partners, chosen, chosenName, onChoose }: PartnersDrawerProps) {
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const anyChosen = Boolean(chosen.host || chosen.partner);
  const choose = (choice: PartnerChoice) => {
    onChoose(choice);
    // On a phone the sheet covers the map: it steps aside to show what the choice did.
    if (phone) onClose();
  };
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      {...drawerPlacement(phone ? 'bottom' : 'right')}
      size={phone ? '75%' : 380}
      title="Partners"
      radius={phone ? 'lg' : 0}
      overlayProps={{ backgroundOpacity: 0.15 }}
    >
      <Stack gap="md" data-testid="search-partners">
        <Text size="sm" c="dimmed">
          Who is behind the events in view: their hosts, and the partners and sponsors of their line-ups.
        </Text>
        {anyChosen && (
          <Alert variant="light" p="xs" title={null}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">
                Showing the events of <b>{chosenName ?? 'your choice'}</b>
              </Text>
              <Button size="compact-sm" variant="white" onClick={() => choose({ host: null, partner: null })}>
                Show everyone’s events
              </Button>
            </Group>
          </Alert>
        )}
        <QueryState
          query={partners}
          loading={<Loader size="sm" aria-label="Loading partners" />}
          errorTitle="The partners could not be loaded"
          isEmpty={(data) => data.hosts.length === 0 && data.partners.length === 0}
          empty={
            <Text size="sm" c="dimmed">
              Nobody to show: there are no events in view. Move the map or widen the dates.
            </Text>
          }
        >
          {(data) => (
            <>
              <Section title="Hosts">
                {data.hosts.map((host) => (
                  <Row
                    key={host.userId}
                    avatar={<UserAvatar name={host.name} size={36} />}
                    name={host.name}
                    detail={eventsText(host.events)}
                    selected={chosen.host === host.userId}
                    onClick={() => choose({ host: chosen.host === host.userId ? null : host.userId, partner: null })}
                  />
                ))}
              </Section>
              <Section title="Partners and sponsors">
                {data.partners.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    None of these events names a partner or sponsor in its line-up.
                  </Text>
                ) : (
                  data.partners.map((partner) => (
                    <Row
                      key={partner.key}
                      avatar={
                        <Avatar src={partner.picturePath} alt="" size={36} radius="md" color="violet">
                          {initials(partner.name)}
                        </Avatar>
                      }
                      name={partner.name}
                      detail={`${ATTRACTION_KIND_LABELS[partner.kind].one} · ${eventsText(partner.events)}`}
                      selected={chosen.partner === partner.key}
                      onClick={() => choose({ host: null, partner: chosen.partner === partner.key ? null : partner.key })}
                    />
                  ))
                )}
              </Section>
              {!data.complete && (
                <Text size="xs" c="dimmed">
                  Counted over the first {formatNumber(EVENT_PARTNERS_SCAN_MAX)} events in view, soonest first. Zoom in or narrow the dates to count them all.
                </Text>
              )}
            </>
          )}
        </QueryState>
      </Stack>
    </Drawer>
  );
}
