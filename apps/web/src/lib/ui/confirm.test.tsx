import { MantineProvider } from '@mantine/core';
import { ModalsProvider, modals } from '@mantine/modals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirm } from './confirm';


function mount() {
  render(
    <MantineProvider>
      <ModalsProvider>
        <div />
      </ModalsProvider>
    </MantineProvider>,
  );
}

async function ask(options: Parameters<typeof confirm>[0]) {
  let answer!: Promise<boolean>;
  act(() => {
    answer = confirm(options);
  });
  await screen.findByRole('dialog');
  // Wrapped: returning the bare promise from an async function would wait for the answer.
  return { answer };
}

describe('confirm', () => {
  it('shows the title, message and default OK/Cancel buttons', async () => {
    mount();
    await ask({ title: 'Delete event?', message: 'This cannot be undone.' });
    expect(screen.getByText('Delete event?')).toBeTruthy();
    expect(screen.getByText('This cannot be undone.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('resolves true on confirm', async () => {
    mount();
    const { answer } = await ask({ title: 'Go?', message: 'Sure?', confirmLabel: 'Go' });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false on cancel', async () => {
    mount();
    const { answer } = await ask({ title: 'Go?', message: 'Sure?', cancelLabel: 'Stay' });
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await expect(answer).resolves.toBe(false);
  });

  it('resolves false when closed with Escape', async () => {
    mount();
    const { answer } = await ask({ title: 'Go?', message: 'Sure?' });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await expect(answer).resolves.toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('paints the confirm button red when danger is set', async () => {
    mount();
    await ask({ title: 'Delete?', message: 'Really?', confirmLabel: 'Delete', danger: true });
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.getAttribute('style') ?? '').toContain('red');
  });

  it('takes its position from the dialog positions: centred by default, near the top when asked', () => {
    const open = vi.spyOn(modals, 'openConfirmModal').mockReturnValue('m');
    void confirm({ title: 'A', message: 'B' });
    void confirm({ title: 'A', message: 'B', position: 'top' });
    expect(open.mock.calls[0][0]).toMatchObject({ centered: true });
    expect(open.mock.calls[1][0]).toMatchObject({ centered: false, yOffset: '5dvh' });
  });
});

afterEach(() => vi.restoreAllMocks());
