import { localStorageColorSchemeManager, type MantineColorScheme } from '@mantine/core';

export const COLOR_SCHEME_KEY = 'hubbub-color-scheme';

/** Mantine reads and writes the preference through this manager, so both agree on the key. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

export function readStoredColorScheme(): MantineColorScheme {
  try {
    const value = localStorage.getItem(COLOR_SCHEME_KEY);
    return value === 'light' || value === 'dark' || value === 'auto' ? value : 'auto';
  } catch {
    return 'auto';
  }
}

export function resolveColorScheme(scheme: MantineColorScheme): 'light' | 'dark' {
  if (scheme !== 'auto') return scheme;
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Sets the attribute Mantine's CSS keys on before React mounts, so there is no light flash. */
export function applyColorScheme(scheme: MantineColorScheme = readStoredColorScheme()): 'light' | 'dark' {
  const resolved = resolveColorScheme(scheme);
  document.documentElement.setAttribute('data-mantine-color-scheme', resolved);
  return resolved;
}
