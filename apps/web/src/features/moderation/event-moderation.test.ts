import { describe, expect, it } from 'vitest';
import { EventStatus } from '@hubbub/contract';
import { eventActions, hiddenLabel } from './event-moderation';

const hidden = (by: 'moderator' | 'suspension') => ({ by, reason: 'r', at: '2026-01-01T00:00:00Z' });

describe('eventActions', () => {
  it('offers Stop only while the buzz runs, Cancel until canceled', () => {
    expect(eventActions({ status: EventStatus.Started, hidden: null })).toEqual({ hide: true, unhide: false, cancel: true, stop: true });
    expect(eventActions({ status: EventStatus.Created, hidden: null })).toMatchObject({ cancel: true, stop: false });
    expect(eventActions({ status: EventStatus.Canceled, hidden: null })).toMatchObject({ cancel: false, stop: false });
    expect(eventActions({ status: EventStatus.Completed, hidden: null })).toMatchObject({ cancel: true, stop: false });
  });

  it('undoes only a moderator’s hiding', () => {
    expect(eventActions({ status: EventStatus.Created, hidden: hidden('moderator') })).toMatchObject({ hide: false, unhide: true });
    expect(eventActions({ status: EventStatus.Created, hidden: hidden('suspension') })).toMatchObject({ hide: true, unhide: false });
  });
});

describe('hiddenLabel', () => {
  it('names who hid it', () => {
    expect(hiddenLabel(hidden('moderator'))).toBe('Hidden by moderators');
    expect(hiddenLabel(hidden('suspension'))).toBe('Hidden: host suspended');
  });
});
