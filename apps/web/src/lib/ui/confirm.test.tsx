// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { confirm } from './confirm';

beforeAll(() => {
  // jsdom has no matchMedia; Mantine reads it for the colour scheme and reduced motion.
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
});
afterEach(cleanup);

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
});
