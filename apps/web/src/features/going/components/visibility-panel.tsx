import { useState } from 'react';
import { ActionIcon, Badge, Button, CopyButton, Group, Paper, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh, IconSend, IconX } from '@tabler/icons-react';
import { GOING_INVITES_PER_CALL, type EventVisibility, type GoingInvitation, type GoingInvitations, type HubEvent } from '@hubbub/contract';
import { isApiError } from '@/lib/api';
import { confirm, notify, notifyProblem } from '@/lib/ui';
import { invitationUrl, useChangeInvitations, useGoingInvitations } from '../api/invitations';

const CHOICES: { value: EventVisibility; label: string; says: string }[] = [
  { value: 'public', label: 'Public', says: 'Anyone can find it: in search, on the map, on your page and in calendar feeds.' },
  { value: 'unlisted', label: 'Unlisted', says: 'Anyone with its link can open it and say Going, but it is not in search, on the map, in feeds or on your page.' },
  { value: 'invite', label: 'Invite only', says: 'Only you and the people you invite can see it and say Going. To everyone else it does not exist.' },
];

/** "a@x.org, b@y.org" or one per line, as people paste addresses. */
export const addressesOf = (text: string) => [...new Set(text.split(/[\s,;]+/).map((a) => a.trim()).filter(Boolean))];

/** The field error of the first address the server refused ("emails.2"), with the address itself. */
function addressError(error: unknown, emails: string[]): string | undefined {
  if (!isApiError(error) || !error.errors) return undefined;
  for (const [field, messages] of Object.entries(error.errors)) {
    const index = /^emails\.(\d+)$/.exec(field)?.[1];
    if (index !== undefined) return `“${emails[Number(index)]}”: ${messages[0]}`;
    if (field === 'emails') return messages[0];
  }
  return undefined;
}

function InvitationLink({ eventId, answer }: { eventId: string; answer: GoingInvitations }) {
  const save = useChangeInvitations(eventId);
  if (!answer.linkToken) return null;
  const url = invitationUrl(eventId, answer.linkToken);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} id="invitation-link-label">
        Invitation link
      </Text>
      <Text size="xs" c="dimmed">
        Whoever opens it (signed in) can see the event. Share it where only your guests will read it.
      </Text>
      <Group gap="xs" wrap="nowrap">
        <TextInput aria-labelledby="invitation-link-label" value={url} readOnly style={{ flex: 1, minWidth: 0 }} onFocus={(e) => e.currentTarget.select()} data-testid="invitation-link" />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />} style={{ flexShrink: 0 }}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Make a new invitation link"
          title="Make a new invitation link"
          loading={save.isPending}
          onClick={() =>
            void (async () => {
              const sure = await confirm({
                title: 'Make a new invitation link?',
                message: 'The current link stops letting people in. Those who already opened it keep seeing the event.',
                confirmLabel: 'Make a new link',
              });
              if (!sure) return;
              try {
                await save.mutateAsync({ kind: 'visibility', visibility: answer.visibility, newLink: true });
                notify.success('New invitation link made. The old one no longer lets anyone in.');
              } catch (error) {
                notifyProblem(error, 'A new link could not be made');
              }
            })()
          }
        >
          <IconRefresh size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Stack>
  );
}

function InviteByEmail({ eventId }: { eventId: string }) {
  const save = useChangeInvitations(eventId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const emails = addressesOf(text);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!emails.length) return setError('Enter at least one email address.');
        if (emails.length > GOING_INVITES_PER_CALL) return setError(`Invite at most ${GOING_INVITES_PER_CALL} addresses at a time.`);
        void (async () => {
          try {
            await save.mutateAsync({ kind: 'invite', emails });
            setText('');
            setError(undefined);
            notify.success(`Invitation${emails.length === 1 ? '' : 's'} sent to ${emails.length === 1 ? emails[0] : `${emails.length} addresses`}.`);
          } catch (failure) {
            setError(addressError(failure, emails));
            notifyProblem(failure, 'The invitations could not be sent');
          }
        })();
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Invite by email"
          description="Each address gets its own link. Separate addresses with commas or new lines."
          placeholder="sam@example.com, alex@example.com"
          autosize
          minRows={2}
          maxRows={6}
          value={text}
          error={error}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(undefined);
          }}
          data-testid="invite-emails"
        />
        <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={save.isPending} w="fit-content" disabled={!emails.length} data-testid="invite-send">
          {emails.length > 1 ? `Send ${emails.length} invitations` : 'Send invitation'}
        </Button>
      </Stack>
    </form>
  );
}

function InvitedList({ eventId, invitations }: { eventId: string; invitations: GoingInvitation[] }) {
  const save = useChangeInvitations(eventId);
  if (!invitations.length) return null;
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Invited" data-testid="invited-list">
      {invitations.map((i) => {
        const who = i.name ?? i.email ?? 'Someone';
        return (
          <Group key={i.id} component="li" justify="space-between" wrap="nowrap" gap="xs" data-testid="invited-person">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {who}
              </Text>
              {i.name && i.email && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {i.email}
                </Text>
              )}
            </Stack>
            <Group gap={6} wrap="nowrap">
              <Badge variant="light" color={i.email ? 'gray' : 'teal'} tt="none">
                {i.email ? 'By email' : 'By link'}
              </Badge>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Take back the invitation of ${who}`}
                title="Take back the invitation"
                onClick={() =>
                  void (async () => {
                    try {
                      await save.mutateAsync({ kind: 'uninvite', invitationId: i.id });
                      notify.success(`${who} is no longer invited.`);
                    } catch (error) {
                      notifyProblem(error, 'The invitation could not be taken back');
                    }
                  })()
                }
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}

/** The host's side of who may see the event: public, unlisted or invite-only, its invitation link and the people invited. */
export function VisibilityPanel({ event }: { event: HubEvent }) {
  const invitations = useGoingInvitations(event.id);
  const save = useChangeInvitations(event.id);
  const answer = invitations.data;
  const visibility = answer?.visibility ?? event.visibility;
  const choice = CHOICES.find((c) => c.value === visibility)!;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="visibility-heading" data-testid="visibility-panel">
      <Stack gap="md">
        <Title order={2} fz="lg" id="visibility-heading">
          Who can see it
        </Title>
        <Stack gap={6}>
          <SegmentedControl
            aria-label="Who can see the event"
            data={CHOICES.map(({ value, label }) => ({ value, label }))}
            value={visibility}
            disabled={save.isPending || !answer}
            onChange={(value) =>
              void (async () => {
                try {
                  const next = await save.mutateAsync({ kind: 'visibility', visibility: value as EventVisibility });
                  notify.success(`The event is ${CHOICES.find((c) => c.value === next.visibility)!.label.toLowerCase()} now.`);
                } catch (error) {
                  notifyProblem(error, 'Who can see the event could not be changed');
                }
              })()
            }
            fullWidth
            style={{ maxWidth: 420 }}
            data-testid="visibility-choice"
          />
          <Text size="sm" c="dimmed" data-testid="visibility-says">
            {choice.says}
          </Text>
        </Stack>
        {answer && visibility === 'invite' && <InvitationLink eventId={event.id} answer={answer} />}
        <InviteByEmail eventId={event.id} />
        {answer && <InvitedList eventId={event.id} invitations={answer.invitations} />}
      </Stack>
    </Paper>
  );
}
