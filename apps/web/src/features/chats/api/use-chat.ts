import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ChatMessage, ChatSettingsUpdate, ChatState } from '@hubbub/contract';
import { realtime, useHubEvent, useRealtime } from '@/lib/realtime';
import { withMessages, withoutMessage } from '../chat-model';

type ChatInfo = Omit<ChatState, 'messages'>;

/**
 * An event's chat while its buzz is joined: the last messages (from GetChat, then live), the room's
 * rules and the caller's standing, and the calls that change them, all through the hub.
 */
export function useChat(eventId: string) {
  const { state, activeEventId } = useRealtime();
  const joined = state === 'connected' && activeEventId === eventId;
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [info, setInfo] = useState<ChatInfo | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);

  // Each (re)join reads the history again: a reconnect may have missed messages and deletes.
  useEffect(() => {
    if (!joined) return;
    let current = true;
    realtime
      .chat('GetChat', eventId)
      .then(({ messages: history, ...rest }) => {
        if (!current) return;
        setLoadError(null);
        setInfo(rest);
        // Live messages that came in while the history was on its way stay.
        const newest = history.at(-1)?.created ?? '';
        setMessages((live) => withMessages(history, live.filter((m) => m.created > newest)));
      })
      .catch((error: unknown) => current && setLoadError(error));
    return () => {
      current = false;
    };
  }, [joined, eventId]);

  const ours = (p: { eventId: string }) => p.eventId === eventId;
  useHubEvent('ChatMessageSent', (m) => ours(m) && setMessages((list) => withMessages(list, [m])));
  useHubEvent('ChatMessageDeleted', (p) => ours(p) && setMessages((list) => withoutMessage(list, p.id)));
  useHubEvent('ChatSettingsUpdated', (settings) => ours(settings) && setInfo((i) => i && { ...i, settings }));
  useHubEvent('ChatMemberMuted', (p) => {
    if (!ours(p)) return;
    setInfo((i) => {
      if (!i) return i;
      const mutedUserIds = i.isHost ? (p.muted ? [...new Set([...i.mutedUserIds, p.userId])] : i.mutedUserIds.filter((id) => id !== p.userId)) : i.mutedUserIds;
      // The muted person hears of themselves only; the host hears of everyone they mute.
      return { ...i, mutedUserIds, muted: i.isHost ? i.muted : p.muted };
    });
  });

  const send = useMutation({
    mutationFn: (text: string) => realtime.chat('SendChatMessage', eventId, { text }),
    onSuccess: (message) => setMessages((list) => withMessages(list, [message])),
  });
  const remove = useMutation({
    mutationFn: (id: string) => realtime.chat('DeleteChatMessage', eventId, id),
    onSuccess: (_, id) => setMessages((list) => withoutMessage(list, id)),
  });
  const settings = useMutation({
    mutationFn: (update: ChatSettingsUpdate) => realtime.chat('UpdateChatSettings', eventId, update),
    onSuccess: (next) => setInfo((i) => i && { ...i, settings: next }),
  });
  const mute = useMutation({
    mutationFn: (args: { userId: string; muted: boolean }) => realtime.chat('MuteChatMember', eventId, args),
  });

  return { joined, messages, info, loadError, send, remove, settings, mute };
}

export type ChatModel = ReturnType<typeof useChat>;
