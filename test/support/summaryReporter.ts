import * as Mocha from 'mocha';

/** How much of a failure's message the closing lines keep: enough to name the cause. */
const MESSAGE_CHARS = 400;

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
      failures.push(`✘ ${layer}: ${test.fullTitle()}: ${oneLine(error)}`);
    });
    runner.on(Mocha.Runner.constants.EVENT_TEST_PENDING, () => skipped++);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      for (const failure of failures) console.log(failure);
      console.log(`${layer}: ${passed} passed, ${failures.length} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
    });
  }
}

/** The error's message on one line, shortened. */
function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length > MESSAGE_CHARS ? `${flat.slice(0, MESSAGE_CHARS)}…` : flat;
}

export = SummaryReporter;
