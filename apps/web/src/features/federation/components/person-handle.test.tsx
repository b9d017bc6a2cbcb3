import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { federationApi } from '@hubbub/contract';
import { fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PersonHandle } from './person-handle';

const ID = '3f2a9c1e-8b7d-4e6f-a5c4-1b2d3e4f5a6b';

describe('PersonHandle', () => {
  it("shows a host's handle to follow from the fediverse", async () => {
    fakeApi().on(federationApi.person, { handle: '@zoe_ortiz_3f2a@events.example' });
    renderWithProviders(<PersonHandle personId={ID} />);
    expect((await screen.findByTestId('person-fediverse-handle')).textContent).toBe('@zoe_ortiz_3f2a@events.example');
    expect(screen.getByRole('button', { name: 'Copy the handle' })).toBeTruthy();
  });

  it('shows nothing for someone without one', async () => {
    const api = fakeApi().on(federationApi.person, { handle: null });
    renderWithProviders(<PersonHandle personId={ID} />);
    await waitFor(() => expect(api.calls(federationApi.person)).toHaveLength(1));
    expect(screen.queryByTestId('person-fediverse')).toBeNull();
  });
});
