import { applyColorScheme } from '@/lib/theme/color-scheme';
import type { BootStep } from './run-boot';

export const themeStep: BootStep = {
  name: 'theme',
  run() {
    applyColorScheme();
  },
};
