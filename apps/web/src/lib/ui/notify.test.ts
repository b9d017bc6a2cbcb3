import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify, notifyProblem } from './notify';

afterEach(() => vi.restoreAllMocks());

const spyShow = () => vi.spyOn(notifications, 'show').mockReturnValue('n-1');

describe('notify', () => {
  it.each([
    ['success', 'green'],
    ['error', 'red'],
    ['info', 'blue'],
  ] as const)('%s shows a %s notification that closes after 5000 ms', (kind, color) => {
    const show = spyShow();
    expect(notify[kind]('Saved.', 'Event')).toBe('n-1');
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0][0]).toMatchObject({
      message: 'Saved.',
      title: 'Event',
      color,
      autoClose: 5000,
    });
    expect(show.mock.calls[0][0].icon).toBeTruthy();
  });

  it('leaves the title out when none is given', () => {
    const show = spyShow();
    notify.info('Hello');
    expect(show.mock.calls[0][0].title).toBeUndefined();
  });
});

describe('notifyProblem', () => {
  it('shows the problem detail as an error', () => {
    const show = spyShow();
    notifyProblem({ status: 422, title: 'Invalid', detail: 'Name is required.' }, 'Could not save');
    expect(show.mock.calls[0][0]).toMatchObject({
      color: 'red',
      message: 'Name is required.',
      title: 'Could not save',
    });
  });

  it('shows a generic message for something unreadable', () => {
    const show = spyShow();
    notifyProblem(undefined);
    expect(show.mock.calls[0][0].message).toBe('Something went wrong. Please try again.');
  });
});
