import type { ReactNode } from 'react';
import { ActionIcon, Group, Menu, Text } from '@mantine/core';
import { IconDots, IconMicrophoneOff, IconMicrophone, IconTrash } from '@tabler/icons-react';
import { formatTime, type ChatMessage } from '@hubbub/contract';
import { UserAvatar } from '@/components/user-avatar';
import { ChatText } from './chat-text';

interface ChatMessageRowProps {
  message: ChatMessage;
  isHost: boolean;
  mine: boolean;
  byHost: boolean;
  authorMuted: boolean;
  onDelete?: () => void;
  onMute?: (muted: boolean) => void;
  /** The page's report button for this message (another feature's), for messages of others. */
  reportAction?: ReactNode;
}

/** One message: who, when, the words (links as links), and what the viewer may do with it. */
export function ChatMessageRow({ message, isHost, mine, byHost, authorMuted, onDelete, onMute, reportAction }: ChatMessageRowProps) {
  const canDelete = isHost || mine;
  // A co-host runs the chat too, but the host is never muted.
  const canMute = isHost && !mine && !byHost;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="chat-message" data-message-id={message.id}>
      <UserAvatar name={message.userName} size={28} radius="xl" />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} truncate>
            {message.userName}
          </Text>
          {byHost && (
            <Text size="xs" c="grape" fw={600}>
              Host
            </Text>
          )}
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {formatTime(message.created)}
          </Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="chat-text">
          <ChatText text={message.text} />
        </Text>
      </div>
      {!mine && reportAction}
      {(canDelete || canMute) && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for the message of ${message.userName}`}>
              <IconDots size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {canDelete && (
              <Menu.Item color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={onDelete}>
                Delete message
              </Menu.Item>
            )}
            {canMute && (
              <Menu.Item leftSection={authorMuted ? <IconMicrophone size={14} aria-hidden /> : <IconMicrophoneOff size={14} aria-hidden />} onClick={() => onMute?.(!authorMuted)}>
                {authorMuted ? `Unmute ${message.userName}` : `Mute ${message.userName}`}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
