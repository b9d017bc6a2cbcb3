import { describe, expect, it } from 'vitest';
import * as ui from './index';

describe('@/lib/ui public API', () => {
  it('re-exports everything the app uses', () => {
    for (const name of [
      'confirm',
      'DIALOG_POSITIONS',
      'dialogPlacement',
      'SHAKE_MS',
      'useShake',
      'notify',
      'notifyProblem',
      'NOTIFICATION_DEFAULTS',
      'LoadingOverlayProvider',
      'useLoadingOverlay',
      'AppLoadingOverlay',
      'KEY_CODES',
      'TEXTAREA_ROWS',
    ]) {
      expect(ui, name).toHaveProperty(name);
    }
  });
});
