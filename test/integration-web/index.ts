/**
 * Entry point of the integration suites in the browser's web worker extension host (the
 * `run()` contract of `extensionTestsPath`). That host loads one CommonJS file and offers no
 * `require` but `vscode`, so this file is bundled with everything it needs: mocha's browser
 * build, the suites, and a stand-in for `node:assert/strict` (test/support/webAssert.ts). The
 * suites that read the desktop's history file (statistics, chart) stay with the Node host; the
 * web's own storage, claims and solver worker are tested in `webHost.test.ts`.
 */
// Mocha first: the suites below call `describe` as they load (modules run in import order).
import { LAYER, mocha } from './mochaSetup';
import './webHost.test';
import '../integration/extension.test';
import '../integration/assist.test';

export function run(): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} test(s) failed in ${LAYER}`)) : resolve()));
  });
}
