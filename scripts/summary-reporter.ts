import type { Reporter, TestModule } from 'vitest/node';
import { missingSuites, requireEverySuite } from './test-suites.js';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Ends the run with what CI and a newcomer need: one "N passed, N failed" line, where the time went
 * (each project's time and the 15 slowest files), and which suites did not run and why. Under
 * REQUIRE_EVERY_SUITE (`.ci/run`) a suite left out or a skipped test fails the run.
 */
export default class SummaryReporter implements Reporter {
  private started = Date.now();

  onTestRunStart() {
    this.started = Date.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    // A test skipped in one project and run in another (the two-instance cases run on PostgreSQL
    // only) was not skipped; one that no project ran was.
    const ran = new Set<string>();
    const skippedTests: { key: string; name: string }[] = [];
    const projects = new Map<string, number>();
    const files: { name: string; ms: number }[] = [];
    for (const module of testModules) {
      const project = module.project.name || 'default';
      const ms = module.diagnostic().duration;
      projects.set(project, (projects.get(project) ?? 0) + ms);
      files.push({ name: `${project} ${module.relativeModuleId}`, ms });
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        const key = `${module.relativeModuleId} > ${test.fullName}`;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skippedTests.push({ key, name: `${project} ${key}` });
        if (state === 'passed' || state === 'failed') ran.add(key);
      }
    }
    const skipped = skippedTests.filter((t) => !ran.has(t.key)).map((t) => t.name);
    const out: string[] = ['', `Time: ${seconds(Date.now() - this.started)} in all; by project (summed file times):`];
    for (const [project, ms] of [...projects].sort((a, b) => b[1] - a[1])) out.push(`  ${project.padEnd(14)} ${seconds(ms)}`);
    out.push('Slowest files:');
    for (const file of files.sort((a, b) => b.ms - a.ms).slice(0, 15)) out.push(`  ${seconds(file.ms).padStart(8)}  ${file.name}`);
    const missing = missingSuites();
    if (missing.length) {
      out.push('Not run on this machine:');
      for (const m of missing) out.push(`  - ${m.suite}: ${m.reason}. To run it: ${m.remedy}`);
    }
    const strict = requireEverySuite();
    if (strict && skipped.length) {
      out.push(`REQUIRE_EVERY_SUITE: ${skipped.length} test(s) were skipped:`);
      for (const name of skipped.slice(0, 20)) out.push(`  - ${name}`);
    }
    out.push('', `Tests: ${passed} passed, ${failed} failed, ${skippedTests.length} skipped (${skipped.length} of them run by no project)`, '');
    process.stdout.write(out.join('\n'));
    if (strict && (missing.length || skipped.length)) process.exitCode = 1;
  }
}
