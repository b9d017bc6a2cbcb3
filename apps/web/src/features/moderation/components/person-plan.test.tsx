import type { ReactNode } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountApi, moderationApi, pathOf, type AdminPerson } from '@hubbub/contract';
import { ADMIN_IDS, adminPerson, catalogue, manifestWith } from '@/test/admin-fixtures';
import { fakeApi, problem, type FakeCall } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { useAdminPerson } from '../api/person';
import { PersonPlanSection } from './person-plan';

function WithPerson({ children }: { children: (person: AdminPerson) => ReactNode }) {
  const person = useAdminPerson(ADMIN_IDS.person);
  return person.data ? children(person.data) : null;
}

/** A server with the catalogue that sets the plan it is asked to. */
function planServer(start: Partial<AdminPerson> = {}, manifest: object = manifestWith(catalogue)) {
  let person = adminPerson(start);
  return fakeApi()
    .on(moderationApi.person, () => person)
    .on(accountApi.manifest, manifest)
    .on(moderationApi.personPlan, (call: FakeCall) => {
      const { plan, addOns } = call.body as { plan: string; addOns: string[] };
      person = { ...person, plan, addOns };
      return person;
    });
}

const mount = () => renderWithProviders(<WithPerson>{(p) => <PersonPlanSection person={p} />}</WithPerson>);
const section = () => screen.findByRole('region', { name: 'Plan and add-ons' });

async function openDialog() {
  fireEvent.click(within(await section()).getByRole('button', { name: 'Set plan' }));
  return screen.findByRole('dialog', { name: 'Set the plan of Hal Host' });
}

async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.click(within(dialog).getByRole('textbox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const reason = (dialog: HTMLElement, text: string) => fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: text } });

describe('PersonPlanSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the plan, the add-ons and where the subscription comes from', async () => {
    planServer({ addOns: ['Download.HTML'], subscription: { source: 'billing', status: 'past_due' } });
    mount();
    const s = await section();
    expect(within(s).getByText('Basic')).toBeTruthy();
    expect(within(s).getByText('Download.HTML')).toBeTruthy();
    expect(within(s).getByText('Subscription: billing, past_due')).toBeTruthy();
  });

  it('says when there are no add-ons and no subscription', async () => {
    planServer();
    mount();
    const s = await section();
    expect(within(s).getByText('none')).toBeTruthy();
    expect(within(s).getByText('No subscription.')).toBeTruthy();
  });

  it('sets a plan and add-ons from the catalogue, with a reason', async () => {
    const api = planServer();
    mount();
    const dialog = await openDialog();
    await choose(dialog, 'Plan', 'Organiser (Pro)');
    await choose(dialog, 'Add-ons', 'Download as HTML (Download.HTML)');
    const submit = within(dialog).getByRole('button', { name: 'Set plan' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    reason(dialog, '  Sponsor of the month  ');
    fireEvent.click(submit);

    expect(await screen.findByText('Hal Host is on Pro now.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await section()).getByText('Download.HTML')).toBeTruthy();
    expect(api.calls(moderationApi.personPlan)).toEqual([
      expect.objectContaining({ method: 'POST', path: pathOf(moderationApi.personPlan, { id: ADMIN_IDS.person }), body: { plan: 'Pro', addOns: ['Download.HTML'], reason: 'Sponsor of the month' } }),
    ]);
  });

  it('keeps an add-on the person holds even when the catalogue no longer lists it', async () => {
    const api = planServer({ addOns: ['Legacy.Badge'] });
    mount();
    const dialog = await openDialog();
    reason(dialog, 'Keep as is');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set plan' }));
    await screen.findByText('Hal Host is on Basic now.');
    expect(api.calls(moderationApi.personPlan)[0].body).toEqual({ plan: 'Basic', addOns: ['Legacy.Badge'], reason: 'Keep as is' });
  });

  it('offers only the plans the catalogue lists', async () => {
    planServer({ plan: 'Enterprise' });
    mount();
    const dialog = await openDialog();
    reason(dialog, 'Downgrade');
    const submit = within(dialog).getByRole('button', { name: 'Set plan' }) as HTMLButtonElement;
    // Enterprise is not sold here: it cannot be set again until a listed plan is chosen.
    await waitFor(() => expect(submit.disabled).toBe(true));
    fireEvent.click(within(dialog).getByRole('textbox', { name: 'Plan' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Free', 'Basic', 'Organiser (Pro)']);
    fireEvent.click(screen.getByRole('option', { name: 'Basic' }));
    expect(submit.disabled).toBe(false);
  });

  it('falls back to the contract’s plan names when the catalogue cannot be read', async () => {
    const api = planServer({}, { settings: { Products: 'not json' } });
    mount();
    const dialog = await openDialog();
    await waitFor(() => expect(api.calls(accountApi.manifest)).toHaveLength(1));
    await choose(dialog, 'Plan', 'Enterprise');
    reason(dialog, 'Big customer');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set plan' }));
    expect(await screen.findByText('Hal Host is on Enterprise now.')).toBeTruthy();
    expect(api.calls(moderationApi.personPlan)[0].body).toMatchObject({ plan: 'Enterprise', addOns: [] });
  });

  it('keeps the dialog open with the reason a change was refused', async () => {
    planServer().on(moderationApi.personPlan, () => problem(404, 'not_found'));
    mount();
    const dialog = await openDialog();
    reason(dialog, 'Upgrade');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set plan' }));
    expect(await within(dialog).findByText('It is no longer there: it may have been deleted meanwhile.')).toBeTruthy();
    expect(screen.queryByText(/is on .* now/)).toBeNull();
  });
});
