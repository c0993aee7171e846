/**
 * The VS Code layer of `npm test`: packages the extension, starts an offline code-server
 * with the `.vsix` installed, runs the integration suite inside its extension host and the
 * UI end-to-end suite through the workbench, then stops everything.
 *
 * Needs NODE_DIR and CODE_SERVER (from `scripts/ensure-deps.mjs`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { installExtension, prepareRunDir, startCodeServer } from './codeServer';
import { runExtensionHostTests } from './extensionHostTests';

const root = resolve(__dirname, '..', '..', '..');

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set; run this through \`npm test\``);
  return value;
}

async function main(): Promise<number> {
  const tools = { nodeDir: required('NODE_DIR'), codeServer: required('CODE_SERVER') };
  const only = process.argv[2];
  const runDir = mkdtempSync(join(process.env.BAKERS_GAME_RUN_DIR ?? tmpdir(), 'bakers-game-vscode-'));
  const vsix = join(runDir, 'bakers-game.vsix');
  let started = Date.now();
  execFileSync(process.execPath, [join(root, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--out', vsix], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.log(`[vscode] packaged ${vsix} (${Math.round(statSync(vsix).size / 1024)} KB) in ${Date.now() - started} ms`);

  prepareRunDir(runDir);
  await installExtension(tools, runDir, vsix);
  started = Date.now();
  const server = await startCodeServer(tools, runDir, { env: { BAKERS_GAME_TEST_RUN_DIR: runDir } });
  console.log(`[vscode] code-server ready at ${server.baseUrl} in ${Date.now() - started} ms`);
  let failures = 0;
  try {
    if (!only || only === 'integration') {
      started = Date.now();
      const code = await runExtensionHostTests({
        baseUrl: server.baseUrl,
        extensionDevelopmentPath: root,
        extensionTestsPath: join(root, 'out', 'test', 'integration', 'index.js'),
        workspace: join(runDir, 'workspace'),
        profileDir: join(runDir, 'chrome-integration'),
        logsDir: join(runDir, 'exthost-logs'),
        timeoutMillis: 300_000,
      });
      console.log(`[vscode] integration suite exited with ${code} after ${Date.now() - started} ms`);
      if (code !== 0) failures++;
    }
    if (!only || only === 'ui') {
      started = Date.now();
      const mocha = join(root, 'node_modules', 'mocha', 'bin', 'mocha.js');
      const result = spawnSync(
        process.execPath,
        [mocha, '--timeout', '120000', '--reporter', join(root, 'out', 'test', 'support', 'summaryReporter.js'), '--reporter-option', 'layer=ui', join(root, 'out', 'test', 'e2e', '*.test.js')],
        { cwd: root, stdio: 'inherit', env: { ...process.env, CODE_SERVER_URL: server.baseUrl, CODE_SERVER_RUN_DIR: runDir } },
      );
      console.log(`[vscode] UI suite exited with ${result.status} after ${Date.now() - started} ms`);
      if (result.status !== 0) failures++;
    }
  } finally {
    await server.stop();
    if (!process.env.KEEP_RUN) rmSync(runDir, { recursive: true, force: true });
    else console.log(`[vscode] run folder kept: ${runDir}`);
  }
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
