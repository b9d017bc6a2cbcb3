import { describe, expect, it } from 'vitest';
import { FALLBACK_ERROR_MESSAGE, problemMessage } from './problem-message';

describe('problemMessage', () => {
  it('prefers detail over title in an API problem', () => {
    expect(problemMessage({ status: 409, title: 'Conflict', detail: 'The name is taken.' })).toBe(
      'The name is taken.',
    );
  });

  it('falls back to title when detail is missing or blank', () => {
    expect(problemMessage({ status: 404, title: 'Not found' })).toBe('Not found');
    expect(problemMessage({ status: 404, title: 'Not found', detail: '  ' })).toBe('Not found');
  });

  it('reads a problem wrapped in an error', () => {
    const error = Object.assign(new Error('Request failed with 400'), {
      problem: { status: 400, title: 'Bad request', detail: 'Start must be before end.' },
    });
    expect(problemMessage(error)).toBe('Start must be before end.');
  });

  it('reads detail set directly on an Error subclass', () => {
    const error = Object.assign(new Error('HTTP 403'), { status: 403, title: 'Forbidden' });
    expect(problemMessage(error)).toBe('Forbidden');
  });

  it('uses an Error message otherwise', () => {
    expect(problemMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });

  it('uses a non-blank string as is', () => {
    expect(problemMessage('Offline.')).toBe('Offline.');
  });

  it.each([
    null,
    undefined,
    42,
    '',
    '   ',
    {},
    { status: 500 },
    { detail: 7, title: null },
    new Error(''),
    { problem: null },
  ])('falls back for %j', (error) => {
    expect(problemMessage(error)).toBe(FALLBACK_ERROR_MESSAGE);
  });

  it('accepts a custom fallback', () => {
    expect(problemMessage(null, 'Could not save.')).toBe('Could not save.');
  });
});
