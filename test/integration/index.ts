/**
 * Entry point of the integration suite inside a VS Code extension host: the `run()` contract
 * of `@vscode/test-electron`'s `extensionTestsPath`, used unchanged by the code-server runner.
 */
import Mocha from 'mocha';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export async function run(): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    timeout: 30_000,
    reporter: join(__dirname, '..', 'support', 'summaryReporter.js'),
    reporterOptions: { layer: 'integration' },
  });
  for (const file of readdirSync(__dirname).sort()) {
    if (file.endsWith('.test.js')) mocha.addFile(join(__dirname, file));
  }
  await new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} integration test(s) failed`)) : resolve()));
  });
}
