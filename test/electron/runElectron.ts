/**
 * `npm run test:electron`: the integration suite in desktop VS Code through
 * `@vscode/test-electron`. It downloads a VS Code build, so it needs internet; `npm test`
 * runs the same suite offline in code-server instead.
 */
import { runTests } from '@vscode/test-electron';
import { resolve } from 'node:path';

const root = resolve(__dirname, '..', '..', '..');

runTests({
  extensionDevelopmentPath: root,
  extensionTestsPath: resolve(root, 'out', 'test', 'integration', 'index.js'),
  launchArgs: ['--disable-extensions', '--disable-workspace-trust'],
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
