import * as Mocha from 'mocha';
import { failureLine } from './failureLine';

/**
 * Mocha's spec reporter plus closing lines the test script and CI read: one `✘ <layer>: <test>:
 * <message>` per failed test, then `<layer>: N passed, N failed`. The failures are repeated at
 * the end because CI shows only the tail of a long run, where the spec reporter's own list of
 * failures (printed layers earlier) is cut off. The layer name comes from
 * `--reporter-option layer=<name>`.
 */
class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const requested = (options?.reporterOptions as { layer?: unknown } | undefined)?.layer;
    const layer = typeof requested === 'string' ? requested : 'tests';
    let passed = 0;
    let skipped = 0;
    const failures: string[] = [];
    runner.on(Mocha.Runner.constants.EVENT_TEST_PASS, () => passed++);
    runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, (test: Mocha.Test, error: unknown) => {
      failures.push(failureLine(layer, test.fullTitle(), error));
    });
    runner.on(Mocha.Runner.constants.EVENT_TEST_PENDING, () => skipped++);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      for (const failure of failures) console.log(failure);
      console.log(`${layer}: ${passed} passed, ${failures.length} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
    });
  }
}

export = SummaryReporter;
