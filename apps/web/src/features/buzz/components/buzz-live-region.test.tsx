import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hostMessageAnnouncement } from '../buzz-model';
import { BuzzLiveRegion } from './buzz-live-region';
import { useBuzzAnnouncer } from './use-buzz-announcer';
import { useFlyerPresence } from './use-flyer-presence';

type Flyer = { id: string; name: string };

function Stage({ flyers, leaveMs = 0 }: { flyers: Flyer[]; leaveMs?: number }) {
  const { message, announce } = useBuzzAnnouncer(flyers);
  const shown = useFlyerPresence(flyers, leaveMs);
  return (
    <MantineProvider>
      <BuzzLiveRegion message={message} />
      <button type="button" onClick={() => announce(hostMessageAnnouncement('Doors', 'Open in five minutes'))}>
        host says
      </button>
      <ul>
        {shown.map(({ item, leaving }) => (
          <li key={item.id} data-leaving={leaving || undefined}>
            {item.name}
          </li>
        ))}
      </ul>
    </MantineProvider>
  );
}

const a = { id: 'a', name: 'Doors flyer' };
const b = { id: 'b', name: 'Raffle' };

describe('the buzz live region', () => {
  it('announces each flyer as it arrives, and the host’s messages', () => {
    const view = render(<Stage flyers={[]} />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');

    view.rerender(<Stage flyers={[a]} />);
    expect(status.textContent).toBe('New flyer: Doors flyer');

    // Only the one that is new.
    view.rerender(<Stage flyers={[a, b]} />);
    expect(status.textContent).toBe('New flyer: Raffle');

    fireEvent.click(screen.getByRole('button', { name: 'host says' }));
    expect(status.textContent).toBe('Message from the host: Doors. Open in five minutes');

    // Gone and back again is new again.
    view.rerender(<Stage flyers={[b]} />);
    view.rerender(<Stage flyers={[a, b]} />);
    expect(status.textContent).toBe('New flyer: Doors flyer');
  });

  it('keeps a removed flyer briefly to animate it out, and drops it at once with reduced motion', () => {
    vi.useFakeTimers();
    try {
      const view = render(<Stage flyers={[a, b]} leaveMs={200} />);
      view.rerender(<Stage flyers={[b]} leaveMs={200} />);
      expect(screen.getByText('Doors flyer').closest('li')?.hasAttribute('data-leaving')).toBe(true);
      act(() => void vi.advanceTimersByTime(250));
      expect(screen.queryByText('Doors flyer')).toBeNull();

      view.rerender(<Stage flyers={[a, b]} leaveMs={0} />);
      view.rerender(<Stage flyers={[b]} leaveMs={0} />);
      expect(screen.queryByText('Doors flyer')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
