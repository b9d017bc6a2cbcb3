import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconMail } from '@tabler/icons-react';
import { GOING_MESSAGE_MAX, GOING_MESSAGES_PER_DAY, formatNumber, type GoingMessageAudience } from '@hubbub/contract';
import { notify, notifyProblem, TEXTAREA_ROWS } from '@/lib/ui';
import { messageGoing } from '../api/going';

const WHO: Record<GoingMessageAudience, { title: string; says: string }> = {
  everyone: { title: 'Message everyone going', says: 'Everyone with a seat gets it by email and notification (people from other servers, on theirs); people on the waitlist do not.' },
  'not-checked-in': {
    title: 'Message those not in yet',
    says: 'Everyone with a seat who is not checked in yet gets it by email and notification, people from other servers on theirs (“Doors close in 10 minutes”).',
  },
};

/**
 * The host writes to everyone holding a seat (`going` of them), or, at the door, to those not
 * checked in yet: by email and web push, a few times a day.
 */
export function MessageGoingButton({ eventId, going, audience = 'everyone' }: { eventId: string; going: number; audience?: GoingMessageAudience }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const send = useMutation({ mutationFn: (message: string) => messageGoing(eventId, message, audience) });
  const who = WHO[audience];
  return (
    <>
      <Button variant="default" leftSection={<IconMail size={16} aria-hidden />} onClick={() => setOpen(true)} disabled={going === 0} data-testid="going-message">
        {who.title}
      </Button>
      <Modal opened={open} onClose={() => !send.isPending && setOpen(false)} title={who.title}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void (async () => {
              try {
                const sent = await send.mutateAsync(text);
                // People who said Going from another server (Mastodon, Mobilizon) have no email here: their server is sent it.
                const elsewhere = sent.fediverse ? `; ${formatNumber(sent.fediverse)} of them on their own fediverse server` : '';
                notify.success(`Sent to ${formatNumber(sent.recipients)} ${sent.recipients === 1 ? 'person' : 'people'} by email and notification${elsewhere}.`);
                setText('');
                setOpen(false);
              } catch (error) {
                notifyProblem(error, 'The message could not be sent');
              }
            })();
          }}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {who.says} At most {GOING_MESSAGES_PER_DAY} messages a day.
            </Text>
            <Textarea
              label="Message"
              rows={TEXTAREA_ROWS}
              maxLength={GOING_MESSAGE_MAX}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              description={`${formatNumber(text.length)} of ${formatNumber(GOING_MESSAGE_MAX)} characters`}
              data-autofocus
              data-testid="going-message-text"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)} disabled={send.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={send.isPending} disabled={!text.trim()} data-testid="going-message-send">
                Send to {formatNumber(going)} {going === 1 ? 'person' : 'people'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
