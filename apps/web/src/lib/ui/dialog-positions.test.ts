import { describe, expect, it } from 'vitest';
import { DIALOG_POSITIONS, dialogPlacement } from './dialog-positions';

describe('dialogPlacement', () => {
  it('lists the spec positions', () => {
    expect(DIALOG_POSITIONS).toEqual(['standard', 'top', 'bottom', 'left', 'right']);
  });

  it('centres a standard dialog, also by default', () => {
    expect(dialogPlacement('standard')).toEqual({ component: 'modal', props: { centered: true } });
    expect(dialogPlacement()).toEqual(dialogPlacement('standard'));
  });

  it('keeps a top dialog as a modal near the top', () => {
    const placement = dialogPlacement('top');
    expect(placement.component).toBe('modal');
    expect(placement.props).toMatchObject({ centered: false, yOffset: '5dvh' });
  });

  it.each(['bottom', 'left', 'right'] as const)('uses a drawer from the %s edge', (position) => {
    expect(dialogPlacement(position)).toEqual({ component: 'drawer', props: { position } });
  });
});
