import { describe, expect, it } from 'vitest';
import { drawerPlacement, modalPlacement } from './dialog-positions';

describe('dialog placement', () => {
  it('centres a standard dialog, also by default, and keeps a top one near the top', () => {
    expect(modalPlacement()).toEqual({ centered: true });
    expect(modalPlacement('top')).toEqual({ centered: false, yOffset: '5dvh' });
  });

  it.each(['bottom', 'left', 'right'] as const)('slides a drawer in from the %s edge', (position) => {
    expect(drawerPlacement(position)).toEqual({ position });
  });
});
