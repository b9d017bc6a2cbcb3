import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setContainerData } from '@/lib/container/container-data';
import { SocialSignIn } from './social-sign-in';

const container = (externalProviders: ('Google' | 'Windows')[]) =>
  setContainerData({ name: 'Hubbub', version: '1', tenants: ['hubbub'], build: '', cmsUrl: null, publicUrl: null, mapStyleUrl: null, externalProviders });

describe('SocialSignIn', () => {
  afterEach(() => setContainerData(null));

  it('shows a button for each configured provider, linking to its start', () => {
    container(['Google', 'Windows']);
    render(<MantineProvider><SocialSignIn returnTo="/events?x=1" /></MantineProvider>);
    expect(screen.getByRole('link', { name: 'Continue with Google' }).getAttribute('href')).toBe('/presence/api/v1/auth/external/google/start?tenant=hubbub&returnTo=%2Fevents%3Fx%3D1');
    expect(screen.getByRole('link', { name: 'Continue with Microsoft' }).getAttribute('href')).toContain('/auth/external/microsoft/start?');
  });

  it('shows nothing, not even the divider, when none is configured', () => {
    container([]);
    render(<MantineProvider><SocialSignIn returnTo="/" /></MantineProvider>);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });
});
