import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moderationApi, pathOf } from '@hubbub/contract';
import { queryKeys } from '@/lib/api';
import { ADMIN_IDS, adminPerson } from '@/test/admin-fixtures';
import { fakeApi, problem } from '@/test/fake-api';
import { renderWithProviders, testQueryClient } from '@/test/render';
import { PersonDangerZone } from './person-danger-zone';

function mount() {
  const onDeleted = vi.fn();
  const client = testQueryClient();
  client.setQueryData(queryKeys.admin.person(ADMIN_IDS.person), adminPerson());
  renderWithProviders(<PersonDangerZone person={adminPerson({ events: 4 })} onDeleted={onDeleted} />, { client });
  return { onDeleted, client };
}

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete the account of Hal Host' });
  const fill = (email: string, reason: string) => {
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Email address of the account/ }), { target: { value: email } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: reason } });
  };
  const submit = within(dialog).getByRole('button', { name: 'Delete account' }) as HTMLButtonElement;
  return { dialog, fill, submit };
}

describe('PersonDangerZone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what goes, and deletes once the address is typed and a reason given', async () => {
    const api = fakeApi().on(moderationApi.personDelete, { ok: true });
    const { onDeleted, client } = mount();
    const { dialog, fill, submit } = await openDialog();
    expect(dialog.textContent).toContain('their events (4), with their flyers, documents and uploaded files');
    expect(submit.disabled).toBe(true);

    fill(' HAL@example.test ', 'Asked to be removed');
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);

    expect(await screen.findByText('The account of Hal Host is deleted.')).toBeTruthy();
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(api.calls(moderationApi.personDelete)).toEqual([
      expect.objectContaining({ method: 'POST', path: pathOf(moderationApi.personDelete, { id: ADMIN_IDS.person }), body: { reason: 'Asked to be removed' } }),
    ]);
    // Gone for good: nothing left to refetch.
    expect(client.getQueryData(queryKeys.admin.person(ADMIN_IDS.person))).toBeUndefined();
  });

  it('stays shut to another address or a reason under 3 characters', async () => {
    const api = fakeApi();
    mount();
    const { fill, submit } = await openDialog();
    fill('hal@example.tes', 'Asked to be removed');
    expect(submit.disabled).toBe(true);
    fill('hal@example.test', 'no');
    expect(submit.disabled).toBe(true);
    fireEvent.submit(submit.closest('form')!);
    expect(api.all).toHaveLength(0);
  });

  it('shows a refusal in the dialog and stays on the page', async () => {
    fakeApi().on(moderationApi.personDelete, () => problem(409, 'last_admin', 'Hal Host is the last admin: make someone else admin first.'));
    const { onDeleted } = mount();
    const { dialog, fill, submit } = await openDialog();
    fill('hal@example.test', 'Cleanup');
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Hal Host is the last admin: make someone else admin first.')).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('starts empty each time it is opened', async () => {
    fakeApi();
    mount();
    const first = await openDialog();
    first.fill('hal@example.test', 'Half done');
    fireEvent.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const second = await openDialog();
    expect((within(second.dialog).getByRole('textbox', { name: /Email address of the account/ }) as HTMLInputElement).value).toBe('');
    expect((within(second.dialog).getByRole('textbox', { name: 'Reason' }) as HTMLTextAreaElement).value).toBe('');
    expect(second.submit.disabled).toBe(true);
  });
});
