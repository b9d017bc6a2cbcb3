import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_VERSION, type ContainerData } from '@hubbub/contract';
import { setContainerData } from '@/lib/container/container-data';
import { renderWithProviders } from '@/test/render';
import { AboutPanel } from './about-panel';

const container = (over: Partial<ContainerData> = {}): ContainerData => ({
  name: 'Hubbub',
  version: '2.4.0',
  tenants: ['hubbub'],
  build: '9f3c2e1',
  cmsUrl: null,
  publicUrl: null,
  mapStyleUrl: null,
  externalProviders: [],
  ...over,
});

/** The value in the row a label heads. */
const valueOf = (label: string) => within(screen.getByRole('row', { name: new RegExp(`^${label}`) })).getByRole('cell').textContent;

describe('AboutPanel', () => {
  afterEach(() => setContainerData(null));

  it('names this client’s version and the server’s version with its build', () => {
    setContainerData(container());
    renderWithProviders(<AboutPanel />);
    expect(valueOf('Client version')).toBe(CLIENT_VERSION);
    expect(valueOf('Server version')).toBe('2.4.0 (9f3c2e1)');
  });

  it('leaves out an empty build', () => {
    setContainerData(container({ build: '' }));
    renderWithProviders(<AboutPanel />);
    expect(valueOf('Server version')).toBe('2.4.0');
  });

  it('says Unknown until the server has answered, and updates when it does', () => {
    renderWithProviders(<AboutPanel />);
    expect(valueOf('Server version')).toBe('Unknown');
    act(() => setContainerData(container({ version: '2.5.0', build: 'b1' })));
    expect(valueOf('Server version')).toBe('2.5.0 (b1)');
  });
});
