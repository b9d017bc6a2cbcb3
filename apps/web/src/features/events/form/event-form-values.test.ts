import { describe, expect, it } from 'vitest';
import { AreaType, EventCreateSchema, type HubEvent } from '@hubbub/contract';
import { ApiError } from '@/lib/api';
import { isoToZoned, zonedToIso } from '@/lib/dates/dayjs';
import { endRule, newEventValues, toEventCreate, toEventUpdate, valuesFromEvent } from './event-form-values';
import { applyEventErrors, formFieldFor } from './server-errors';

const area = { name: 'Austin', type: AreaType.City, latitude: 30.27, longitude: -97.74, zoom: 12, city: 'Austin', state: 'TX', country: 'US' };

describe('event form values', () => {
  it('reads and writes wall-clock times in the event zone, not the browser one', () => {
    expect(zonedToIso('2025-06-07 19:00:00', 'America/Chicago')).toBe('2025-06-08T00:00:00.000Z');
    expect(zonedToIso('2025-01-07 19:00:00', 'America/Chicago')).toBe('2025-01-08T01:00:00.000Z');
    expect(zonedToIso('2025-06-07 19:00:00', 'Asia/Tokyo')).toBe('2025-06-07T10:00:00.000Z');
    expect(isoToZoned('2025-06-08T00:00:00.000Z', 'America/Chicago')).toBe('2025-06-07 19:00:00');
  });

  it('opens a new event tomorrow evening in the chosen zone', () => {
    const values = newEventValues('Asia/Tokyo', new Date('2025-06-07T20:00:00Z'));
    // 20:00 UTC is already the 8th in Tokyo, so tomorrow is the 9th.
    expect(values.start).toBe('2025-06-09 19:00:00');
    expect(values.end).toBe('2025-06-09 22:00:00');
  });

  it('builds a create body the contract accepts', () => {
    const values = { ...newEventValues('America/Chicago', new Date('2025-06-01T12:00:00Z')), name: '  Jazz night ', area, description: 'Line one\nLine two', tagIds: [] };
    const body = toEventCreate(values);
    expect(body).toMatchObject({ name: 'Jazz night', startDate: '2025-06-03T00:00:00.000Z', publishOnDate: null, venue: null, contentType: 'text/plain', contentJson: 'Line one\nLine two' });
    // The form asks for no status: a new event is Created by the server.
    expect(body).not.toHaveProperty('status');
    expect(EventCreateSchema.safeParse(body).success).toBe(true);
  });

  it('round-trips an event and keeps fields the form does not edit', () => {
    const event = {
      id: '7d3f5a56-0b8f-4c37-9d4a-1b8a7e0b1c11',
      name: 'Fair',
      startDate: '2025-06-08T00:00:00.000Z',
      endDate: '2025-06-08T03:00:00.000Z',
      timeZone: 'America/Chicago',
      publishOnDate: '2025-06-01T14:00:00.000Z',
      venue: 'Park',
      area,
      contentJson: 'Hi',
      tags: [{ id: 'b6f0c0f4-7a3e-4c0e-8f57-d1d5f5b8b001', name: 'Music', categoryId: null, isCategory: true }],
      status: 1,
      externalEventType: 'ics',
      externalEventJson: '{}',
    } as unknown as HubEvent;
    const values = valuesFromEvent(event);
    expect(values).toMatchObject({ start: '2025-06-07 19:00:00', publishOn: '2025-06-01 09:00:00', tagIds: [event.tags[0].id] });
    const update = toEventUpdate(values, event);
    expect(update).toMatchObject({ id: event.id, startDate: event.startDate, publishOnDate: event.publishOnDate, externalEventType: 'ics' });
    // The status is left out, so saving an edit never changes it (a live event stays live).
    expect(update).not.toHaveProperty('status');
  });

  it('checks the end against the start', () => {
    expect(endRule({ start: '2025-06-07 19:00:00', end: '2025-06-07 18:00:00', timeZone: 'UTC' })).toBe('The end must be after the start.');
    expect(endRule({ start: '2025-06-07 19:00:00', end: '2025-06-07 19:00:00', timeZone: 'UTC' })).toBe('The end must be after the start.');
    expect(endRule({ start: '2025-06-01 00:00:00', end: '2025-07-15 00:00:00', timeZone: 'UTC' })).toMatch(/at most 31 days/);
    expect(endRule({ start: '2025-06-07 19:00:00', end: '2025-06-07 22:00:00', timeZone: 'UTC' })).toBeNull();
  });
});

describe('server errors on the event form', () => {
  it('maps contract field names onto form fields', () => {
    expect(formFieldFor('endDate')).toBe('end');
    expect(formFieldFor('area.latitude')).toBe('area');
    expect(formFieldFor('contentJson')).toBe('description');
    expect(formFieldFor('nonsense')).toBeNull();
  });

  it('puts field errors on fields and leaves the rest for the alert', () => {
    const set: Record<string, string> = {};
    const form = { setFieldError: (path: string, message: string) => void (set[path] = message) };
    const fields = new ApiError({ status: 400, code: 'validation', title: 'Bad', errors: { endDate: ['The end must be after the start.'], 'area.latitude': ['Latitude is -90 to 90.'] } });
    expect(applyEventErrors(fields, form)).toBeNull();
    expect(set).toEqual({ end: 'The end must be after the start.', area: 'Latitude is -90 to 90.' });

    const unplaced = new ApiError({ status: 400, code: 'validation', title: 'Bad', detail: 'Check the fields.', errors: { nonsense: ['?'] } });
    expect(applyEventErrors(unplaced, form)).toEqual({ title: 'The event could not be saved', message: 'Check the fields.' });
  });

  it('shows plan_limit as the plan limit, with the detail naming it', () => {
    const form = { setFieldError: () => undefined };
    const capacity = new ApiError({ status: 403, code: 'plan_limit', title: 'Forbidden', detail: 'Your plan allows 1 event.' });
    expect(applyEventErrors(capacity, form)).toEqual({ title: 'Event limit reached', message: 'Your plan allows 1 event.', upgrade: true });
  });

  it('does not show a not_owner 403 as a plan limit', () => {
    const form = { setFieldError: () => undefined };
    const refused = new ApiError({ status: 403, code: 'not_owner', title: 'Forbidden' });
    expect(applyEventErrors(refused, form)).toEqual({ title: 'The event could not be saved', message: 'Only the host of this event can change it.' });
  });
});
