import * as Mocha from 'mocha';

/**
 * Mocha's spec reporter plus one closing line per layer, `<layer>: N passed, N failed`, which
 * the test script and CI read. The layer name comes from `--reporter-option layer=<name>`.
 */
class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const requested = (options?.reporterOptions as { layer?: unknown } | undefined)?.layer;
    const layer = typeof requested === 'string' ? requested : 'tests';
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    runner.on(Mocha.Runner.constants.EVENT_TEST_PASS, () => passed++);
    runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, () => failed++);
    runner.on(Mocha.Runner.constants.EVENT_TEST_PENDING, () => skipped++);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      console.log(`${layer}: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
    });
  }
}

export = SummaryReporter;
