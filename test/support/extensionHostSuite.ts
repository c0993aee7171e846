import Mocha from 'mocha';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Runs every `*.test.js` of a folder with mocha inside the extension host, reporting
 * `<layer>: N passed, N failed`; rejects when a test failed (the `run()` contract).
 */
export async function runExtensionHostSuite(dir: string, layer: string): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    timeout: 30_000,
    // A `.only` left in a suite fails the run instead of silently skipping the rest.
    forbidOnly: true,
    // This function is bundled into each suite's index.js: the reporter is beside the suites.
    reporter: join(dir, '..', 'support', 'summaryReporter.js'),
    reporterOptions: { layer },
  });
  for (const file of readdirSync(dir).sort()) {
    if (file.endsWith('.test.js')) mocha.addFile(join(dir, file));
  }
  await new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} test(s) failed in ${layer}`)) : resolve()));
  });
}
