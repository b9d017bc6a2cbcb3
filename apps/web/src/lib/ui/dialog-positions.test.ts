import { describe, expect, it } from 'vitest';
import { dialogPlacement, drawerPlacement, modalPlacement } from './dialog-positions';

describe('dialog placement', () => {
  it('centres a standard dialog, also by default', () => {
    expect(modalPlacement()).toEqual({ centered: true });
    expect(dialogPlacement()).toEqual({ component: 'modal', props: { centered: true } });
  });

  it('keeps a top dialog as a modal near the top', () => {
    expect(dialogPlacement('top')).toEqual({ component: 'modal', props: { centered: false, yOffset: '5dvh' } });
  });

  it.each(['bottom', 'left', 'right'] as const)('uses a drawer from the %s edge', (position) => {
    expect(drawerPlacement(position)).toEqual({ position });
    expect(dialogPlacement(position)).toEqual({ component: 'drawer', props: { position } });
  });
});
