import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AppLoadingOverlay, LoadingOverlayProvider } from '@/lib/ui';
import { BootGate } from './boot-gate';

const shell = (node: ReactNode) => (
  <MantineProvider>
    <LoadingOverlayProvider>
      <AppLoadingOverlay />
      {node}
    </LoadingOverlayProvider>
  </MantineProvider>
);

describe('BootGate', () => {
  it('shows the loading overlay while the start-up steps run, then the app', async () => {
    let finish!: (value: string) => void;
    const boot = new Promise<string>((resolve) => (finish = resolve));
    render(shell(<BootGate boot={boot} render={(value) => <p>App for {value}</p>} />));

    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByText(/App for/)).toBeNull();

    await act(async () => finish('ada'));
    expect(screen.getByText('App for ada')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  it('keeps the overlay up while the boot has not settled (a redirect is under way)', async () => {
    render(shell(<BootGate boot={new Promise<string>(() => {})} render={() => <p>App</p>} />));
    await act(async () => {});
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByText('App')).toBeNull();
  });
});
