import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconMail } from '@tabler/icons-react';
import { GOING_MESSAGE_MAX, GOING_MESSAGES_PER_DAY, formatNumber } from '@hubbub/contract';
import { notify, notifyProblem, TEXTAREA_ROWS } from '@/lib/ui';
import { messageGoing } from '../api/going';

/** The host writes to everyone holding a seat: by email and web push, a few times a day. */
export function MessageGoingButton({ eventId, going }: { eventId: string; going: number }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const send = useMutation({ mutationFn: (message: string) => messageGoing(eventId, message) });
  return (
    <>
      <Button variant="default" leftSection={<IconMail size={16} aria-hidden />} onClick={() => setOpen(true)} disabled={going === 0} data-testid="going-message">
        Message everyone going
      </Button>
      <Modal opened={open} onClose={() => !send.isPending && setOpen(false)} title="Message everyone going">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void (async () => {
              try {
                const sent = await send.mutateAsync(text);
                notify.success(`Sent to ${formatNumber(sent.recipients)} ${sent.recipients === 1 ? 'person' : 'people'} by email and notification.`);
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
              Everyone with a seat gets it by email and notification; people on the waitlist do not. At most {GOING_MESSAGES_PER_DAY} messages a day.
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
