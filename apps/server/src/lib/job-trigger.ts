/** What services may ask of a background job (a claim loop, lib/claim-loop.ts) that options may turn off. */
export interface JobTrigger {
  /** A round soon, instead of at the next poll; nothing when the job is off. */
  wake(): void;
  /** A round now, waited for; resolves at once when the job is off. */
  runNow(): Promise<void>;
}

/**
 * A job as services hold it from the start. The app's context is built once, before any plugin
 * runs, but a job only exists once its plugin starts it: app.ts makes the relay, puts it in the
 * context and gives it to that plugin, which hands it the job when it starts one. A job the
 * options turn off is never handed over, and asking then does nothing.
 */
export class JobRelay implements JobTrigger {
  private job: JobTrigger | undefined;

  /** The job's plugin, when it starts the job: from now on every ask reaches it. Once per app. */
  serve(job: JobTrigger): void {
    if (this.job) throw new Error('This job relay already serves a job.');
    this.job = job;
  }

  wake(): void {
    this.job?.wake();
  }

  async runNow(): Promise<void> {
    await this.job?.runNow();
  }
}
