import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADD_ON_DOWNLOAD_HTML, eventsApi, pathOf, PLAN_FEATURES } from '@hubbub/contract';
import { captureDownloads } from '@/test/downloads';
import { fakeApi, problem } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { signIn, signOut } from '@/test/session';
import { DownloadEventButton } from './download-event-button';

const USER = '7f1c2a4e-8d3b-4c5a-9e6f-0a1b2c3d4e5f';
const event = { id: '0b6f3d1e-5a2c-4c7e-9f10-2d3e4f5a6b7c', name: 'Lantern walk: <2026>' };

const html = (headers: Record<string, string> = {}) => new Response('<!doctype html><title>Lantern walk</title>', { status: 200, headers: { 'Content-Type': 'text/html', ...headers } });

const button = () => screen.getByRole('button', { name: 'Download as HTML' });

describe('DownloadEventButton', () => {
  afterEach(async () => {
    await signOut();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is not there for someone signed out', () => {
    renderWithProviders(<DownloadEventButton event={event} />);
    expect(screen.queryByRole('button', { name: 'Download as HTML' })).toBeNull();
  });

  it('explains the add-on, without asking the server, to someone who lacks it', async () => {
    const api = fakeApi();
    signIn({ id: USER, features: [PLAN_FEATURES.Pro] });
    renderWithProviders(<DownloadEventButton event={event} />);
    fireEvent.click(button());
    const note = await screen.findByTestId('download-needs-add-on');
    expect(note.textContent).toContain('Download as HTML is an add-on');
    expect(screen.getByRole('link', { name: 'Add it on your Subscription page' }).getAttribute('href')).toBe('/account/subscription');
    expect(api.all).toHaveLength(0);
  });

  it('asks for the event’s file with the bearer and saves it under the server’s name', async () => {
    const saved = captureDownloads();
    const api = fakeApi().on(eventsApi.export, () => html({ 'Content-Disposition': `attachment; filename="x.html"; filename*=UTF-8''Lantern%20walk%20%F0%9F%8F%AE.html` }));
    const user = signIn({ id: USER, features: [PLAN_FEATURES.Pro, ADD_ON_DOWNLOAD_HTML] });
    renderWithProviders(<DownloadEventButton event={event} />);
    fireEvent.click(button());

    expect(await screen.findByText('Saved “Lantern walk 🏮.html”.')).toBeTruthy();
    const [call] = api.calls(eventsApi.export);
    expect(call).toMatchObject({ method: 'GET', path: pathOf(eventsApi.export, { id: event.id }) });
    expect(call.headers.Authorization).toBe(`Bearer ${user.jwt}`);
    expect(saved.map((f) => f.name)).toEqual(['Lantern walk 🏮.html']);
    expect(await saved[0].blob.text()).toBe('<!doctype html><title>Lantern walk</title>');
  });

  it('names the file after the event, made safe, when the server names none', async () => {
    const saved = captureDownloads();
    fakeApi().on(eventsApi.export, () => html());
    signIn({ id: USER, features: [ADD_ON_DOWNLOAD_HTML] });
    renderWithProviders(<DownloadEventButton event={event} />);
    fireEvent.click(button());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('Lantern walk_ _2026_.html');
  });

  it('passes on the server’s word when the add-on is gone since the token was issued', async () => {
    const saved = captureDownloads();
    fakeApi().on(eventsApi.export, () => problem(403, 'add_on_required', 'Downloading needs Download.HTML: add it on your Subscription page.'));
    signIn({ id: USER, features: [ADD_ON_DOWNLOAD_HTML] });
    renderWithProviders(<DownloadEventButton event={event} />);
    fireEvent.click(button());
    expect(await screen.findByText('Downloading needs Download.HTML: add it on your Subscription page.')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('names the add-on itself when the refusal carries no detail', async () => {
    fakeApi().on(eventsApi.export, () => problem(403, 'add_on_required'));
    signIn({ id: USER, features: [ADD_ON_DOWNLOAD_HTML] });
    renderWithProviders(<DownloadEventButton event={event} />);
    fireEvent.click(button());
    expect(await screen.findByText('Downloading as HTML needs the Download.HTML add-on.')).toBeTruthy();
  });

  it('says the event could not be downloaded on any other failure', async () => {
    const saved = captureDownloads();
    fakeApi().on(eventsApi.export, () => problem(404, 'not_found', 'No event has this id.'));
    signIn({ id: USER, features: [ADD_ON_DOWNLOAD_HTML] });
    renderWithProviders(<DownloadEventButton event={event} />);
    fireEvent.click(button());
    expect(await screen.findByText('The event could not be downloaded')).toBeTruthy();
    expect(screen.getByText('No event has this id.')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('says the server could not be reached when no answer came', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    signIn({ id: USER, features: [ADD_ON_DOWNLOAD_HTML] });
    renderWithProviders(<DownloadEventButton event={event} />);
    fireEvent.click(button());
    expect(await screen.findByText('Cannot reach the server. Check your connection and try again.')).toBeTruthy();
  });
});
