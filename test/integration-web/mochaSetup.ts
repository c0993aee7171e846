/**
 * Mocha's browser build, set up before any suite loads (the suites call `describe` as they
 * load; `index.ts` imports this module first). Reports with mocha's spec reporter plus the
 * closing lines the test script reads: `✘ integration-web: <test>: <message>` per failed test,
 * then `integration-web: N passed, N failed`.
 */
import 'mocha/mocha.js';
import type * as MochaModule from 'mocha';
import { failureLine } from '../support/failureLine';

/** The globals mocha's browser build sets. */
export type BrowserMocha = typeof MochaModule & { setup(options: MochaModule.MochaOptions): void; run(done: (failures: number) => void): MochaModule.Runner };

const scope = globalThis as unknown as { Mocha: typeof MochaModule; mocha: BrowserMocha };

/** The layer name in the closing line. */
export const LAYER = 'integration-web';

class SummaryReporter extends scope.Mocha.reporters.Spec {
  constructor(runner: MochaModule.Runner, options?: MochaModule.MochaOptions) {
    super(runner, options);
    let passed = 0;
    const failures: string[] = [];
    const { constants } = scope.Mocha.Runner;
    runner.on(constants.EVENT_TEST_PASS, () => passed++);
    runner.on(constants.EVENT_TEST_FAIL, (test: MochaModule.Test, error: unknown) => failures.push(failureLine(LAYER, test.fullTitle(), error)));
    runner.once(constants.EVENT_RUN_END, () => {
      for (const failure of failures) console.log(failure);
      console.log(`${LAYER}: ${passed} passed, ${failures.length} failed`);
    });
  }
}

scope.mocha.setup({ ui: 'bdd', reporter: SummaryReporter, timeout: 30_000, forbidOnly: true, color: false });

/** The set-up mocha. */
export const mocha = scope.mocha;
