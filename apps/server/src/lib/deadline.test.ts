import { describe, expect, it } from 'vitest';
import { withDeadline } from './deadline.js';

describe('withDeadline', () => {
  it('answers what the work answers in time, and refuses, naming it, when it does not', async () => {
    await expect(withDeadline(Promise.resolve(7), 50, 'Quick')).resolves.toBe(7);
    await expect(withDeadline(Promise.reject(new Error('broken')), 50, 'Broken')).rejects.toThrow('broken');
    await expect(withDeadline(new Promise(() => {}), 20, 'The database')).rejects.toThrow('The database did not answer within 20 ms');
  });
});
