import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { renderWithProviders } from '@/test/render';
import { QueryState } from './query-state';

/** One query through QueryState, its answer (or failure) given by the test. */
function Probe({ load, empty = false, notFound = false, quiet = false }: { load: () => Promise<string[]>; empty?: boolean; notFound?: boolean; quiet?: boolean }) {
  const query = useQuery({ queryKey: ['probe'], queryFn: load });
  return (
    <QueryState
      query={query}
      loading={<p>Loading the list</p>}
      errorTitle="The list could not be loaded"
      notFound={notFound ? <p>No such list</p> : undefined}
      error={quiet ? () => <p>Offline copy</p> : undefined}
      isEmpty={(data) => empty && data.length === 0}
      empty={<p>Nothing yet</p>}
    >
      {(data) => <p>Items: {data.join(', ')}</p>}
    </QueryState>
  );
}

describe('QueryState', () => {
  it('shows the loading slot, then the data', async () => {
    renderWithProviders(<Probe load={async () => ['a', 'b']} />);
    expect(screen.getByText('Loading the list')).toBeTruthy();
    expect(await screen.findByText('Items: a, b')).toBeTruthy();
  });

  it('shows the empty slot for an answer with nothing in it', async () => {
    renderWithProviders(<Probe load={async () => []} empty />);
    expect(await screen.findByText('Nothing yet')).toBeTruthy();
  });

  it('shows the failure with its title and tries again on request', async () => {
    const load = vi.fn<() => Promise<string[]>>().mockRejectedValueOnce(ApiError.network()).mockResolvedValue(['c']);
    renderWithProviders(<Probe load={load} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The list could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Items: c')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the not-found slot for a 404, and the error panel without one', async () => {
    const missing = () => Promise.reject(new ApiError({ status: 404, code: 'not_found', title: 'Not found' }));
    const first = renderWithProviders(<Probe load={missing} notFound />);
    expect(await screen.findByText('No such list')).toBeTruthy();
    first.unmount();
    renderWithProviders(<Probe load={missing} />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The list could not be loaded'));
  });

  it('keeps the not-found slot for a 404 when an error slot is given too, which takes every other failure', async () => {
    const missing = () => Promise.reject(new ApiError({ status: 404, code: 'not_found', title: 'Not found' }));
    const first = renderWithProviders(<Probe load={missing} notFound quiet />);
    expect(await screen.findByText('No such list')).toBeTruthy();
    first.unmount();
    renderWithProviders(<Probe load={() => Promise.reject(ApiError.network())} notFound quiet />);
    expect(await screen.findByText('Offline copy')).toBeTruthy();
  });
});
