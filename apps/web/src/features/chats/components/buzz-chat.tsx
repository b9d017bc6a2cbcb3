import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { CHAT_TEXT_MAX, type ChatMessage } from '@hubbub/contract';
import { useSessionUser } from '@/lib/session';
import { useChat } from '../api/use-chat';
import { chatErrorMessage } from '../chat-model';
import { ChatHostTools } from './chat-host-tools';
import { ChatMessageRow } from './chat-message-row';

interface BuzzChatProps {
  eventId: string;
  hostId: string;
  /** The page's report button for a message (another feature's). */
  reportAction?: (message: ChatMessage) => ReactNode;
}

/** The buzz's chat: the room's last messages, live, and a line to add one; the host's tools for the host. */
export function BuzzChat({ eventId, hostId, reportAction }: BuzzChatProps) {
  const user = useSessionUser();
  const chat = useChat(eventId);
  const { info, messages } = chat;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const viewport = useRef<HTMLDivElement>(null);

  // New messages scroll into view unless the person scrolled up to read.
  const nearBottom = useRef(true);
  useEffect(() => {
    const el = viewport.current;
    if (el && nearBottom.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  const submit = () => {
    const said = text.trim();
    if (!said || chat.send.isPending) return;
    setError(null);
    chat.send.mutate(said, { onSuccess: () => setText(''), onError: (e) => setError(chatErrorMessage(e)) });
  };
  const act = (work: Promise<unknown>) => void work.catch((e: unknown) => setError(chatErrorMessage(e)));

  const blockedReason = info?.muted
    ? 'The host muted you in this chat. You can still watch and read.'
    : info && info.settings.membersOnly && !info.isMember
      ? 'Only people who follow or attend this event can write right now.'
      : null;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="buzz-chat-title" data-testid="buzz-chat">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title id="buzz-chat-title" order={2} fz="lg">
            Chat
          </Title>
          <Group gap={6}>
            {info && info.settings.slowModeSeconds > 0 && (
              <Badge variant="light" color="gray">
                Slow mode · {info.settings.slowModeSeconds} s
              </Badge>
            )}
            {info?.settings.membersOnly && (
              <Badge variant="light" color="grape">
                Members only
              </Badge>
            )}
          </Group>
        </Group>
        {info?.isHost && <ChatHostTools settings={info.settings} pending={chat.settings.isPending} onChange={(next) => act(chat.settings.mutateAsync(next))} />}

        <ScrollArea
          h={300}
          viewportRef={viewport}
          type="auto"
          offsetScrollbars
          onScrollPositionChange={({ y }) => {
            const el = viewport.current;
            nearBottom.current = !el || el.scrollHeight - el.clientHeight - y < 48;
          }}
        >
          <Stack gap="sm" role="log" aria-live="polite" aria-label="Chat messages" data-testid="chat-log">
            {messages.length === 0 && (
              <Text size="sm" c="dimmed" ta="center" py="lg">
                {chat.joined ? 'No messages yet. Say hello to the room.' : 'Connecting to the chat…'}
              </Text>
            )}
            {messages.map((m) => (
              <ChatMessageRow
                key={m.id}
                message={m}
                isHost={info?.isHost ?? false}
                mine={m.userId === user?.id}
                byHost={m.userId === hostId}
                authorMuted={info?.mutedUserIds.includes(m.userId) ?? false}
                onDelete={() => act(chat.remove.mutateAsync(m.id))}
                onMute={(muted) => act(chat.mute.mutateAsync({ userId: m.userId, muted }))}
                reportAction={reportAction?.(m)}
              />
            ))}
          </Stack>
        </ScrollArea>

        {blockedReason ? (
          <Text size="sm" c="dimmed" data-testid="chat-closed">
            {blockedReason}
          </Text>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                style={{ flex: 1 }}
                aria-label="Message to the room"
                placeholder="Say something to the room"
                value={text}
                maxLength={CHAT_TEXT_MAX}
                disabled={!chat.joined}
                onChange={(e) => setText(e.currentTarget.value)}
                description={text.length > CHAT_TEXT_MAX - 100 ? `${CHAT_TEXT_MAX - text.length} characters left` : undefined}
                inputWrapperOrder={['input', 'error', 'description']}
                data-testid="chat-input"
              />
              <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={chat.send.isPending} disabled={!chat.joined || !text.trim()}>
                Send
              </Button>
            </Group>
          </form>
        )}
        {error && (
          <Text size="sm" c="red" role="alert" data-testid="chat-error">
            {error}
          </Text>
        )}
        {chat.loadError != null && (
          <Text size="sm" c="red" role="alert">
            {chatErrorMessage(chat.loadError)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
