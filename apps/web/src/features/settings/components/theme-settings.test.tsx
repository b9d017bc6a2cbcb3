import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COLOR_SCHEME_KEY, colorSchemeManager, readStoredColorScheme } from '@/lib/theme/color-scheme';
import { renderWithProviders } from '@/test/render';
import { ThemeSettings } from './theme-settings';

/** As the app shell mounts it: its manager (the key the boot step reads) and System by default. */
const mount = () => renderWithProviders(<ThemeSettings />, { colorSchemeManager, defaultColorScheme: 'auto' });

const option = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

describe('ThemeSettings', () => {
  beforeEach(() => localStorage.removeItem(COLOR_SCHEME_KEY));
  afterEach(() => localStorage.removeItem(COLOR_SCHEME_KEY));

  it('offers Light, Dark and System, on System until someone chooses', () => {
    mount();
    expect(screen.getByRole('radiogroup', { name: 'Theme' })).toBeTruthy();
    expect(option('System').checked).toBe(true);
    expect(option('Light').checked).toBe(false);
    expect(option('Dark').checked).toBe(false);
    expect(screen.getByText("System follows your device's light or dark setting.")).toBeTruthy();
  });

  it('applies a choice at once and keeps it where the boot step reads it', async () => {
    mount();
    fireEvent.click(option('Dark'));
    await waitFor(() => expect(option('Dark').checked).toBe(true));
    expect(scheme()).toBe('dark');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');
    expect(readStoredColorScheme()).toBe('dark');
  });

  it('comes back with the stored choice on the next visit', () => {
    localStorage.setItem(COLOR_SCHEME_KEY, 'light');
    const first = mount();
    expect(option('Light').checked).toBe(true);
    first.unmount();

    localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
    mount();
    expect(option('Dark').checked).toBe(true);
    expect(scheme()).toBe('dark');
  });

  it('stores System as auto, which follows the device (light here)', async () => {
    localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
    mount();
    fireEvent.click(option('System'));
    await waitFor(() => expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('auto'));
    expect(option('System').checked).toBe(true);
    expect(scheme()).toBe('light');
  });
});
