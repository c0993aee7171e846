// `npm start`: build, then open the extension in VS Code. Desktop VS Code when `code` is on
// PATH (as an extension under development); otherwise the offline code-server with the
// extension installed, at http://127.0.0.1:<port>/, until Ctrl+C.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, ensureVscodeHost, projectRoot } from './ensure-deps.mjs';

execFileSync(process.execPath, [join(projectRoot, 'scripts', 'build.mjs')], { stdio: 'inherit' });

const hasCode = spawnSync('code', ['--version'], { stdio: 'ignore' }).status === 0;
if (hasCode) {
  spawn('code', [`--extensionDevelopmentPath=${projectRoot}`], { stdio: 'inherit' }).on('exit', (code) => process.exit(code ?? 0));
} else {
  const tools = ensureVscodeHost();
  // Built by scripts/build.mjs from test/harness/codeServer.ts.
  const { installExtension, prepareRunDir, startCodeServer } = await import(join(projectRoot, 'out', 'test', 'harness', 'codeServer.js'));
  const runDir = join(cacheDir(), 'start');
  mkdirSync(runDir, { recursive: true });
  prepareRunDir(runDir);
  const vsix = join(runDir, 'bakers-game.vsix');
  execFileSync(process.execPath, [join(projectRoot, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--out', vsix], {
    cwd: projectRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await installExtension(tools, runDir, vsix);
  // Without the smoke-test driver: with it, VS Code shows notifications only in their centre
  // (Solve's verdict and its Play Solution button never popped up).
  const server = await startCodeServer(tools, runDir, { smokeTestDriver: false });
  console.log(`\nBaker's Game is running in VS Code at ${server.baseUrl}/  (Ctrl+C to stop)`);
  console.log(`Run "New Baker's Game" from the command palette (F1).`);
  const stop = () => server.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => undefined, 1 << 30);
}
