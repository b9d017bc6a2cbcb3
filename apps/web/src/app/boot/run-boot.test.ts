import { describe, expect, it, vi } from 'vitest';
import { runBoot, type BootStep } from './run-boot';

describe('runBoot', () => {
  it('runs the steps in order', async () => {
    const order: string[] = [];
    const step = (name: string): BootStep => ({ name, run: async () => void order.push(name) });
    const outcome = await runBoot([step('shared'), step('authentication'), step('theme')]);
    expect(order).toEqual(['shared', 'authentication', 'theme']);
    expect(outcome).toEqual({ failed: [] });
  });

  it('stops at a redirect so the app does not mount', async () => {
    const later = vi.fn();
    const outcome = await runBoot([
      { name: 'shared', run: () => ({ redirect: 'https://cms.example', replace: true }) },
      { name: 'authentication', run: later },
    ]);
    expect(outcome.redirect).toEqual({ redirect: 'https://cms.example', replace: true });
    expect(later).not.toHaveBeenCalled();
  });

  it('logs a failing step as a boot error and carries on', async () => {
    const log = { error: vi.fn() };
    const theme = vi.fn();
    const outcome = await runBoot(
      [
        { name: 'shared', run: () => Promise.reject(new Error('offline')) },
        { name: 'theme', run: theme },
      ],
      log,
    );
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('Boot error'), expect.any(Error));
    expect(log.error.mock.calls[0][0]).toContain('shared');
    expect(theme).toHaveBeenCalled();
    expect(outcome.failed).toEqual(['shared']);
  });
});
