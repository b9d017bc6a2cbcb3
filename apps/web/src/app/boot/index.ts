import { authStep } from './auth-step';
import { sharedStep } from './shared-step';
import { themeStep } from './theme-step';
import type { BootStep } from './run-boot';

export * from './run-boot';

/** Order matters (spec 2): shared start-up, authentication, theme. */
export const bootSteps: BootStep[] = [sharedStep, authStep, themeStep];
export { BootGate } from './boot-gate';
