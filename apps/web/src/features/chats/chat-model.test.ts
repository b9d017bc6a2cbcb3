import { describe, expect, it } from 'vitest';
import { CHAT_HISTORY_SIZE, type ChatMessage } from '@hubbub/contract';
import { chatErrorMessage, linkParts, withMessages, withoutMessage } from './chat-model';

const EVENT = '6b0f2a3c-4d5e-4f60-8172-8394a5b6c7d8';
const message = (i: number, text = `m${i}`): ChatMessage => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  eventId: EVENT,
  userId: '11111111-1111-4111-8111-111111111111',
  userName: 'Ada',
  text,
  created: new Date(Date.UTC(2026, 10, 26, 20, 0, i)).toISOString(),
});

describe('withMessages', () => {
  it('keeps each message once, in time order, and only the last CHAT_HISTORY_SIZE', () => {
    const history = [message(2), message(1)];
    expect(withMessages([], history).map((m) => m.text)).toEqual(['m1', 'm2']);
    expect(withMessages(withMessages([], history), [message(2), message(3)]).map((m) => m.text)).toEqual(['m1', 'm2', 'm3']);
    const many = Array.from({ length: CHAT_HISTORY_SIZE + 5 }, (_, i) => message(i));
    const kept = withMessages([], many);
    expect(kept).toHaveLength(CHAT_HISTORY_SIZE);
    expect(kept[0].text).toBe('m5');
    expect(withoutMessage(kept, kept[0].id)[0].text).toBe('m6');
  });
});

describe('linkParts', () => {
  it('finds http(s) links and leaves everything else as text, HTML included', () => {
    expect(linkParts('<b>set list</b> at https://example.org/a?x=1&y=2. Join!')).toEqual([
      { text: '<b>set list</b> at ' },
      { text: 'https://example.org/a?x=1&y=2', href: 'https://example.org/a?x=1&y=2' },
      { text: '. Join!' },
    ]);
    expect(linkParts('javascript:alert(1) and ftp://x')).toEqual([{ text: 'javascript:alert(1) and ftp://x' }]);
    expect(linkParts('(see http://a.example)')).toEqual([{ text: '(see ' }, { text: 'http://a.example', href: 'http://a.example' }, { text: ')' }]);
  });
});

describe('chatErrorMessage', () => {
  const hub = (rest: string) => new Error(`An unexpected error occurred invoking 'SendChatMessage' on the server. HubException: ${rest}`);
  it('turns each code into words a person understands', () => {
    expect(chatErrorMessage(hub('chat_muted: The host muted you.'))).toMatch(/host muted you/);
    expect(chatErrorMessage(hub('chat_members_only: members only'))).toMatch(/follow or attend/);
    expect(chatErrorMessage(hub('chat_slow_mode: Slow mode is on: one message every 30 seconds. Wait 12 seconds.'))).toBe('Slow mode is on: one message every 30 seconds. Wait 12 seconds.');
    expect(chatErrorMessage(hub('rate_limited: You are sending messages too fast. Try again in 9 seconds.'))).toBe('You are sending messages too fast. Try again in 9 seconds.');
    expect(chatErrorMessage(hub('validation: Invalid arguments (argument 1.text): A message is at most 500 characters.'))).toBe('A message is at most 500 characters.');
    expect(chatErrorMessage(new Error('Not connected to the live service yet.'))).toMatch(/Not connected/);
    expect(chatErrorMessage(new Error('boom'))).toBe('The message could not be sent. Try again.');
  });
});
