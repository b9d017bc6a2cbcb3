import { CHAT_HISTORY_SIZE, ChatErrorCodes, chatErrorCode, type ChatMessage } from '@hubbub/contract';

// The chat's pure parts: the message list as the hub changes it, links found in plain text, and
// what a refused call tells the person.

/** Adds messages (from the history or live), once each, in time order, keeping the last CHAT_HISTORY_SIZE. */
export function withMessages(list: readonly ChatMessage[], added: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const message of added) byId.set(message.id, message);
  const sorted = [...byId.values()].sort((a, b) => a.created.localeCompare(b.created) || a.id.localeCompare(b.id));
  return sorted.slice(-CHAT_HISTORY_SIZE);
}

export function withoutMessage(list: readonly ChatMessage[], id: string): ChatMessage[] {
  return list.filter((m) => m.id !== id);
}

export type TextPart = { text: string; href?: undefined } | { text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence more often than a link. */
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * Plain text cut into text and links: only http(s) addresses become links (the text itself is
 * never read as HTML; the component renders each part as text or an anchor).
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING, '');
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

const MESSAGES: Record<string, string> = {
  chat_muted: 'The host muted you in this chat. You can still watch and read.',
  chat_members_only: 'Only people who follow or attend this event can write here right now. Follow it to join in.',
  chat_not_watching: 'You are not connected to this live session yet. Wait a moment and try again.',
  not_owner: 'Only the host can do that.',
  not_found: 'That message is gone.',
};

/** What to tell the person when the hub refused a chat call: the server's own words for limits and text, ours for the rest. */
export function chatErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = chatErrorCode(message);
  // Slow mode, the flood limit and the text rules say how long to wait or what to change: show those words.
  const detail = /HubException: [a-z_]+: (.*)$/s.exec(message)?.[1]?.replace(/^Invalid arguments(?: \(argument [^)]*\))?: /, '');
  if (code && MESSAGES[code]) return MESSAGES[code];
  if (code && (code in ChatErrorCodes || code === 'rate_limited' || code === 'validation') && detail) return detail;
  if (/not connected/i.test(message)) return 'Not connected to the live service yet. Try again in a moment.';
  return 'The message could not be sent. Try again.';
}
