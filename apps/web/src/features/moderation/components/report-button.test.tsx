import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moderationApi, type ReportCreate } from '@hubbub/contract';
import { ADMIN_IDS } from '@/test/admin-fixtures';
import { fakeApi, problem, type FakeCall } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { ReportButton } from './report-button';

const receipt = (call: FakeCall) => {
  const { targetType, targetId, reason } = call.body as ReportCreate;
  return { id: '5f0e1d2c-3b4a-4958-8776-a5b4c3d2e1f0', targetType, targetId, reason, created: '2026-03-01T10:00:00Z' };
};

async function open(name = 'Report') {
  fireEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('dialog');
}

const send = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Send report' }) as HTMLButtonElement;

describe('ReportButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the chosen reason and the note, trimmed, and says it was received', async () => {
    const api = fakeApi().on(moderationApi.report, receipt);
    renderWithProviders(<ReportButton targetType="event" targetId={ADMIN_IDS.event} />);
    const dialog = await open();
    expect(within(dialog).getByText('Report this event')).toBeTruthy();
    expect(send(dialog).disabled).toBe(true);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Scam or fraud' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Anything a moderator should know/ }), { target: { value: '  Asks for a wire transfer  ' } });
    fireEvent.click(send(dialog));

    expect((await screen.findByTestId('report-received')).textContent).toContain('Thank you: your report was received.');
    expect(api.calls(moderationApi.report)).toEqual([
      expect.objectContaining({ method: 'POST', path: moderationApi.report.path, body: { targetType: 'event', targetId: ADMIN_IDS.event, reason: 'scam', note: 'Asks for a wire transfer' } }),
    ]);
  });

  it('sends no note as null', async () => {
    const api = fakeApi().on(moderationApi.report, receipt);
    renderWithProviders(<ReportButton targetType="user" targetId={ADMIN_IDS.person} />);
    const dialog = await open();
    expect(within(dialog).getByText('Report this person')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Anything a moderator should know/ }), { target: { value: '   ' } });
    fireEvent.click(send(dialog));
    await screen.findByTestId('report-received');
    expect(api.calls(moderationApi.report)[0].body).toMatchObject({ targetType: 'user', reason: 'spam', note: null });
  });

  it('treats a second report on the same target as received already', async () => {
    fakeApi().on(moderationApi.report, () => problem(409, 'conflict', 'You already reported this.'));
    renderWithProviders(<ReportButton targetType="event" targetId={ADMIN_IDS.event} />);
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    fireEvent.click(send(dialog));
    expect((await screen.findByTestId('report-received')).textContent).toContain('You have already reported this.');
  });

  it('shows why a report was refused and keeps what was written', async () => {
    fakeApi().on(moderationApi.report, () => problem(429, 'rate_limited', 'You have sent many reports this hour: try again later.'));
    renderWithProviders(<ReportButton targetType="event" targetId={ADMIN_IDS.event} />);
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Violence' }));
    const note = within(dialog).getByRole('textbox', { name: /Anything a moderator should know/ }) as HTMLTextAreaElement;
    fireEvent.change(note, { target: { value: 'Threats in the description' } });
    fireEvent.click(send(dialog));
    expect(await within(dialog).findByText('You have sent many reports this hour: try again later.')).toBeTruthy();
    expect(screen.queryByTestId('report-received')).toBeNull();
    expect(note.value).toBe('Threats in the description');
  });

  it('forgets a half-written report when closed', async () => {
    const api = fakeApi();
    renderWithProviders(<ReportButton targetType="event" targetId={ADMIN_IDS.event} />);
    let dialog = await open();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await open();
    expect((within(dialog).getByRole('radio', { name: 'Spam' }) as HTMLInputElement).checked).toBe(false);
    expect(send(dialog).disabled).toBe(true);
    expect(api.all).toHaveLength(0);
  });

  it('is a named flag icon where a text button would get in the way', async () => {
    fakeApi();
    renderWithProviders(<ReportButton targetType="flyer" targetId={ADMIN_IDS.flyer} iconOnly />);
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    const dialog = await open('Report flyer');
    expect(within(dialog).getByText('Report this flyer')).toBeTruthy();
  });
});
