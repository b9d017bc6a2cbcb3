import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attractionsApi, type Attraction, type HubEvent } from '@hubbub/contract';
import { queryKeys } from '@/lib/api';
import { fakeApi, problem } from '@/test/fake-api';
import { renderWithProviders, testQueryClient } from '@/test/render';
import { LineUpSection } from './line-up-section';

type LineUpEvent = Pick<HubEvent, 'id' | 'startDate' | 'endDate' | 'timeZone' | 'attractions'>;

const EVENT_ID = '5a1c2d3e-4f50-4617-8283-94a5b6c7d8e9';
const base: LineUpEvent = { id: EVENT_ID, startDate: '2026-12-05T01:00:00Z', endDate: '2026-12-05T05:00:00Z', timeZone: 'America/Chicago', attractions: [] };
const act = (over: Partial<Attraction>): Attraction => ({
  id: crypto.randomUUID(),
  eventId: EVENT_ID,
  name: 'Act',
  kind: 'performer',
  description: '',
  link: null,
  picturePath: null,
  setTime: null,
  ...over,
});

/** The section as the event page mounts it: the event read from the cache the edits write to. */
function mount(event: LineUpEvent, isHost: boolean) {
  const client = testQueryClient();
  client.setQueryData(queryKeys.events.detail(event.id), event);
  function Page() {
    const { data } = useQuery<LineUpEvent>({ queryKey: queryKeys.events.detail(event.id), queryFn: () => event, staleTime: Infinity });
    return data ? <LineUpSection event={data} isHost={isHost} /> : null;
  }
  return renderWithProviders(<Page />, { client });
}

afterEach(() => vi.unstubAllGlobals());

describe('the line-up', () => {
  it('reads by set time, then the rest in the host order; a visitor has no way to change it', () => {
    mount(
      { ...base, attractions: [act({ name: 'Sponsor', kind: 'sponsor' }), act({ name: 'Late set', setTime: '2026-12-05T03:00:00Z' }), act({ name: 'Early set', setTime: '2026-12-05T01:30:00Z', link: 'https://early.example/' })] },
      false,
    );
    const names = screen.getAllByTestId('attraction-name').map((n) => n.textContent);
    expect(names).toEqual(['Early set', 'Late set', 'Sponsor']);
    // In the event's zone: 7:30 PM in Chicago.
    expect(screen.getAllByTestId('attraction-time')[0].textContent).toMatch(/7:30/);
    expect(screen.getByRole('link', { name: /early\.example/ }).getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect(screen.queryByTestId('edit-line-up')).toBeNull();
  });

  it('shows nothing to a visitor when there is no line-up', () => {
    mount(base, false);
    expect(screen.queryByTestId('line-up')).toBeNull();
  });

  it('the host adds an attraction: a plain http link is caught before sending, the saved one shows at once', async () => {
    const api = fakeApi().on(attractionsApi.create, ({ body }) => act({ ...(body as Partial<Attraction>), name: (body as { name: string }).name }));
    mount(base, true);
    fireEvent.click(screen.getByTestId('edit-line-up'));
    const form = screen.getByTestId('attraction-form');
    fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: '  The Owls ' } });
    fireEvent.change(within(form).getByLabelText(/Link/), { target: { value: 'http://owls.example' } });
    fireEvent.click(within(form).getByTestId('attraction-save'));
    await within(form).findByText(/https:\/\/ address/);
    expect(api.all).toEqual([]);

    fireEvent.change(within(form).getByLabelText(/Link/), { target: { value: 'https://owls.example/tour' } });
    fireEvent.click(within(form).getByTestId('attraction-save'));
    await waitFor(() => expect(screen.queryByTestId('attraction-form')).toBeNull());
    expect(api.calls(attractionsApi.create)[0].body).toEqual({ eventId: EVENT_ID, name: 'The Owls', kind: 'performer', description: '', link: 'https://owls.example/tour', setTime: null });
    expect(within(screen.getByTestId('line-up-editor')).getAllByTestId('attraction-name').map((n) => n.textContent)).toEqual(['The Owls']);
  });

  it("puts the server's refusal on the field it names and keeps what was typed", async () => {
    fakeApi().on(attractionsApi.create, () => problem(400, 'validation', 'setTime must be within the event.', { setTime: ['setTime must be within the event.'] }));
    mount(base, true);
    fireEvent.click(screen.getByTestId('edit-line-up'));
    const form = screen.getByTestId('attraction-form');
    fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: 'Night set' } });
    fireEvent.click(within(form).getByTestId('attraction-save'));
    await within(form).findByText('setTime must be within the event.');
    expect((within(form).getByLabelText(/Name/) as HTMLInputElement).value).toBe('Night set');
  });
});
