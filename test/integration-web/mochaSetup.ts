/**
 * Mocha's browser build, set up before any suite loads (the suites call `describe` as they
 * load; `index.ts` imports this module first). Reports with mocha's spec reporter plus the
 * closing line `integration-web: N passed, N failed` that the test script reads.
 */
import 'mocha/mocha.js';
import type * as MochaModule from 'mocha';

/** The globals mocha's browser build sets. */
export type BrowserMocha = typeof MochaModule & { setup(options: MochaModule.MochaOptions): void; run(done: (failures: number) => void): MochaModule.Runner };

const scope = globalThis as unknown as { Mocha: typeof MochaModule; mocha: BrowserMocha };

/** The layer name in the closing line. */
export const LAYER = 'integration-web';

class SummaryReporter extends scope.Mocha.reporters.Spec {
  constructor(runner: MochaModule.Runner, options?: MochaModule.MochaOptions) {
    super(runner, options);
    let passed = 0;
    let failed = 0;
    const { constants } = scope.Mocha.Runner;
    runner.on(constants.EVENT_TEST_PASS, () => passed++);
    runner.on(constants.EVENT_TEST_FAIL, () => failed++);
    runner.once(constants.EVENT_RUN_END, () => console.log(`${LAYER}: ${passed} passed, ${failed} failed`));
  }
}

scope.mocha.setup({ ui: 'bdd', reporter: SummaryReporter, timeout: 30_000, forbidOnly: true, color: false });

/** The set-up mocha. */
export const mocha = scope.mocha;
