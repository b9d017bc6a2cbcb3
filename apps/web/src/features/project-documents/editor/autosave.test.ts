import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectDocument, ProjectDocumentUpdate } from '@hubbub/contract';
import { ApiError } from '@/lib/api';
import { Autosaver, type Draft } from './autosave';

const ID = '11111111-1111-4111-8111-111111111111';
const body = (text: string) => JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
const draft = (text: string, over: Partial<Draft> = {}): Draft => ({ title: 'Run sheet', contentJson: body(text), eventId: null, visibility: 'private', ...over });
const docOf = (input: ProjectDocumentUpdate, version: number): ProjectDocument => ({
  id: ID,
  userId: ID,
  eventId: input.eventId ?? null,
  title: input.title,
  contentType: 'x',
  contentJson: input.contentJson ?? '',
  visibility: input.visibility ?? 'private',
  version,
  created: new Date().toISOString(),
  updated: new Date().toISOString(),
});

/** A server that stores what it is sent, one version after another, unless told to fail. */
function server() {
  const calls: ProjectDocumentUpdate[] = [];
  let version = 1;
  let fail: ApiError | null = null;
  let hold: Promise<void> | null = null;
  const save = vi.fn(async (input: ProjectDocumentUpdate) => {
    calls.push(input);
    if (hold) await hold;
    if (fail) throw fail;
    if (input.version !== version) throw new ApiError({ status: 409, code: 'version_conflict', title: 'Conflict', currentVersion: version });
    version += 1;
    return docOf(input, version);
  });
  return {
    calls,
    save,
    failWith: (error: ApiError | null) => (fail = error),
    holdUntil: (p: Promise<void> | null) => (hold = p),
    bumpElsewhere: () => (version += 1),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Autosaver', () => {
  it('saves once after a pause in typing, with the newest text and the version it builds on', async () => {
    const s = server();
    const saver = new Autosaver({ id: ID, version: 1, draft: draft(''), save: s.save, delayMs: 800 });
    saver.change(draft('D'));
    saver.change(draft('Do'));
    saver.change(draft('Doors at 6'));
    expect(saver.getStatus().kind).toBe('pending');
    await vi.advanceTimersByTimeAsync(799);
    expect(s.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.calls).toEqual([expect.objectContaining({ id: ID, version: 1, contentJson: body('Doors at 6') })]);
    expect(saver.getStatus().kind).toBe('saved');
    expect(saver.getVersion()).toBe(2);
    expect(saver.hasUnsaved()).toBe(false);
  });

  it('sends what was typed during a save right after it, on the new version', async () => {
    const s = server();
    let release!: () => void;
    s.holdUntil(new Promise((r) => (release = r)));
    const saver = new Autosaver({ id: ID, version: 1, draft: draft(''), save: s.save, delayMs: 100 });
    saver.change(draft('one'));
    await vi.advanceTimersByTimeAsync(100);
    expect(saver.getStatus().kind).toBe('saving');
    saver.change(draft('one two'));
    s.holdUntil(null);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.getStatus().kind).toBe('pending');
    await vi.advanceTimersByTimeAsync(100);
    expect(s.calls.map((c) => [c.version, c.contentJson])).toEqual([
      [1, body('one')],
      [2, body('one two')],
    ]);
    expect(saver.getStatus().kind).toBe('saved');
  });

  it('offline keeps the draft and tries again until the server answers', async () => {
    const s = server();
    const saver = new Autosaver({ id: ID, version: 1, draft: draft(''), save: s.save, delayMs: 100, retryMs: 1000 });
    s.failWith(ApiError.network());
    saver.change(draft('kept'));
    await vi.advanceTimersByTimeAsync(100);
    expect(saver.getStatus().kind).toBe('offline');
    expect(saver.hasUnsaved()).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.calls).toHaveLength(2);
    s.failWith(null);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saver.getStatus().kind).toBe('saved');
    expect(s.calls.at(-1)).toMatchObject({ version: 1, contentJson: body('kept') });
  });

  it('stops on a conflict until the person keeps their version (over the one saved elsewhere) or takes the other', async () => {
    const s = server();
    const saver = new Autosaver({ id: ID, version: 1, draft: draft(''), save: s.save, delayMs: 100 });
    s.bumpElsewhere(); // another tab saved version 2
    saver.change(draft('mine'));
    await vi.advanceTimersByTimeAsync(100);
    expect(saver.getStatus()).toEqual({ kind: 'conflict', currentVersion: 2 });
    saver.change(draft('mine, more'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(s.calls).toHaveLength(1);
    await saver.keepMine(2);
    expect(s.calls.at(-1)).toMatchObject({ version: 2, contentJson: body('mine, more') });
    expect(saver.getStatus().kind).toBe('saved');
    expect(saver.getVersion()).toBe(3);
  });

  it('does not send a draft without a title, and says why', async () => {
    const s = server();
    const saver = new Autosaver({ id: ID, version: 1, draft: draft(''), save: s.save, delayMs: 100 });
    saver.change(draft('text', { title: '  ' }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.calls).toHaveLength(0);
    expect(saver.getStatus()).toEqual({ kind: 'invalid', message: expect.stringMatching(/title/) });
    saver.change(draft('text', { title: 'Back' }));
    await vi.advanceTimersByTimeAsync(100);
    expect(s.calls).toHaveLength(1);
  });

  it('reset takes a reloaded or restored document as the new starting point', async () => {
    const s = server();
    const saver = new Autosaver({ id: ID, version: 1, draft: draft(''), save: s.save, delayMs: 100 });
    saver.change(draft('unsent'));
    saver.reset(docOf({ id: ID, version: 4, title: 'Run sheet', contentJson: body('theirs') }, 5));
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.calls).toHaveLength(0);
    expect(saver.getVersion()).toBe(5);
    expect(saver.hasUnsaved()).toBe(false);
  });
});
