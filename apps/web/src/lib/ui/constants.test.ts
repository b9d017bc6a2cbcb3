import { describe, expect, it } from 'vitest';
import { KEY_CODES, TEXTAREA_ROWS } from './constants';
import { NOTIFICATION_DEFAULTS } from './notify';
import { SHAKE_MS } from './use-shake';
import { LOADING_OVERLAY_LOADER_SIZE } from './app-loading-overlay';

describe('spec 9 constants', () => {
  it('match the specification', () => {
    expect(KEY_CODES).toEqual({ Escape: 27, Enter: 13, Space: 32 });
    expect(TEXTAREA_ROWS).toBe(6);
    expect(SHAKE_MS).toBe(170);
    expect(NOTIFICATION_DEFAULTS).toEqual({ position: 'bottom-center', autoClose: 5000 });
    expect(LOADING_OVERLAY_LOADER_SIZE).toBe(80);
  });
});
