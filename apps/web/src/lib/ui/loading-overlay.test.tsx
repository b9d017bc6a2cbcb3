import { MantineProvider } from '@mantine/core';
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppLoadingOverlay } from './app-loading-overlay';
import { LoadingOverlayProvider, useLoadingOverlay } from './loading-overlay-context';


const wrapper = ({ children }: { children: ReactNode }) => (
  <MantineProvider>
    <LoadingOverlayProvider>{children}</LoadingOverlayProvider>
  </MantineProvider>
);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useLoadingOverlay', () => {
  it('starts inactive', () => {
    const { result } = renderHook(useLoadingOverlay, { wrapper });
    expect(result.current.active).toBe(false);
  });

  it('counts nested show/hide calls', () => {
    const { result } = renderHook(useLoadingOverlay, { wrapper });
    act(() => result.current.show());
    act(() => result.current.show());
    expect(result.current.active).toBe(true);
    act(() => result.current.hide());
    expect(result.current.active).toBe(true);
    act(() => result.current.hide());
    expect(result.current.active).toBe(false);
  });

  it('ignores extra hide() calls rather than going negative', () => {
    const { result } = renderHook(useLoadingOverlay, { wrapper });
    act(() => {
      result.current.hide();
      result.current.hide();
    });
    act(() => result.current.show());
    expect(result.current.active).toBe(true);
  });

  it('tracks a promise until it resolves and passes the value through', async () => {
    const { result } = renderHook(useLoadingOverlay, { wrapper });
    const job = deferred<number>();
    let tracked!: Promise<number>;
    act(() => {
      tracked = result.current.track(job.promise);
    });
    expect(result.current.active).toBe(true);
    await act(async () => {
      job.resolve(7);
      await expect(tracked).resolves.toBe(7);
    });
    expect(result.current.active).toBe(false);
  });

  it('hides after a rejected promise and rethrows', async () => {
    const { result } = renderHook(useLoadingOverlay, { wrapper });
    await act(async () => {
      await expect(result.current.track(Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    });
    expect(result.current.active).toBe(false);
  });

  it('tracks a function, including one that throws synchronously', async () => {
    const { result } = renderHook(useLoadingOverlay, { wrapper });
    await act(async () => {
      await expect(result.current.track(async () => 'ok')).resolves.toBe('ok');
      await expect(
        result.current.track(() => {
          throw new Error('sync');
        }),
      ).rejects.toThrow('sync');
    });
    expect(result.current.active).toBe(false);
  });

  it('stays active while overlapping jobs remain', async () => {
    const { result } = renderHook(useLoadingOverlay, { wrapper });
    const first = deferred<void>();
    const second = deferred<void>();
    let a!: Promise<void>;
    let b!: Promise<void>;
    act(() => {
      a = result.current.track(first.promise);
      b = result.current.track(second.promise);
    });
    await act(async () => {
      first.resolve();
      await a;
    });
    expect(result.current.active).toBe(true);
    await act(async () => {
      second.resolve();
      await b;
    });
    expect(result.current.active).toBe(false);
  });

  it('throws a clear error outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(useLoadingOverlay)).toThrow(/LoadingOverlayProvider/);
    vi.mocked(console.error).mockRestore();
  });
});

describe('AppLoadingOverlay', () => {
  function Harness() {
    const overlay = useLoadingOverlay();
    return (
      <>
        <button onClick={overlay.show}>show</button>
        <button onClick={overlay.hide}>hide</button>
        <AppLoadingOverlay />
      </>
    );
  }

  it('renders a fixed overlay with an 80 px loader only while active', () => {
    render(<Harness />, { wrapper });
    expect(screen.queryByRole('status')).toBeNull();
    act(() => screen.getByText('show').click());
    const overlay = screen.getByRole('status', { name: 'Loading' });
    expect(overlay.style.position).toBe('fixed');
    const loader = overlay.querySelector('.mantine-LoadingOverlay-loader') as HTMLElement;
    expect(loader).not.toBeNull();
    expect(loader.getAttribute('style')).toContain('calc(5rem');
    act(() => screen.getByText('hide').click());
    expect(screen.queryByRole('status')).toBeNull();
  });
});
