import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@hubbub/contract';
import { renderWithProviders } from '@/test/render';
import { ChatMessageRow } from './chat-message-row';

const message: ChatMessage = {
  id: '2d1c0b9a-8f7e-4d6c-9b5a-4f3e2d1c0b9a',
  eventId: '6f1b3f0e-2c4d-4a5b-9c8d-7e6f5a4b3c2d',
  userId: '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d',
  userName: 'Mallory',
  text: '<img src=x onerror=alert(1)><b>loud</b> https://example.org/x',
  created: '2026-11-26T20:15:00.000Z',
};

describe('a chat message', () => {
  it('shows HTML as the text it is, and only http(s) addresses as links', () => {
    const { container } = renderWithProviders(<ChatMessageRow message={message} isHost={false} mine={false} byHost={false} authorMuted={false} />);
    expect(screen.getByTestId('chat-text').textContent).toBe(message.text);
    expect(container.querySelector('b, img[src="x"]')).toBeNull();
    const link = screen.getByRole('link', { name: 'https://example.org/x' });
    expect(link.getAttribute('rel')).toContain('noopener');
    // A watcher has nothing to do with someone else's message but report it (the page's button).
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
  });

  it('gives the host delete and mute, and says which one applies', async () => {
    const onDelete = vi.fn();
    const onMute = vi.fn();
    renderWithProviders(<ChatMessageRow message={message} isHost mine={false} byHost={false} authorMuted onDelete={onDelete} onMute={onMute} />);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for the message of Mallory' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Unmute Mallory' }));
    expect(onMute).toHaveBeenCalledWith(false);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for the message of Mallory' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete message' }));
    expect(onDelete).toHaveBeenCalled();
  });
});
