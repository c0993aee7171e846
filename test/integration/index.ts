/**
 * Entry point of the integration suite inside a VS Code extension host: the `run()` contract
 * of `@vscode/test-electron`'s `extensionTestsPath`, used unchanged by the code-server runner.
 */
import { runExtensionHostSuite } from '../support/extensionHostSuite';

export function run(): Promise<void> {
  return runExtensionHostSuite(__dirname, 'integration');
}
