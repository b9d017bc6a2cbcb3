/** What a start-up step may ask for: leave for another URL instead of mounting the app. */
export interface BootRedirect {
  redirect: string;
  /** Replace the history entry (used for /cms so Back does not bounce again). */
  replace?: boolean;
}

export interface BootStep {
  name: string;
  run(): Promise<BootRedirect | void> | BootRedirect | void;
}

export interface BootOutcome {
  redirect?: BootRedirect;
  failed: string[];
}

/**
 * Runs the steps in order. A redirect stops the boot (the app must not mount);
 * a throwing step is logged and the next one still runs (spec 8).
 */
export async function runBoot(steps: BootStep[], log: Pick<Console, 'error'> = console): Promise<BootOutcome> {
  const failed: string[] = [];
  for (const step of steps) {
    try {
      const result = await step.run();
      if (result && typeof result.redirect === 'string' && result.redirect) {
        return { redirect: result, failed };
      }
    } catch (error) {
      failed.push(step.name);
      log.error(`Boot error in step "${step.name}"`, error);
    }
  }
  return { failed };
}
