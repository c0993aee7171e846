/**
 * The VS Code layer of `npm test`: packages the extension, starts an offline code-server
 * with the `.vsix` installed, runs the integration suite inside its extension host and the
 * UI end-to-end suite through the workbench; then the same again in Dutch and German (with a
 * stub language pack) for the localization suites; then, with a build that offers only the
 * `browser` entry, the web suites in the browser's web worker extension host. Stops everything
 * at the end.
 *
 *   node out/test/harness/runVscodeLayer.js [integration|ui|l10n|web]
 *
 * `BAKERS_GAME_UI_TESTS=review` runs only the UI test files whose names start so
 * (`review*.test.js`): one slow UI test without the others.
 *
 * Needs NODE_DIR and CODE_SERVER (from `scripts/ensure-deps.mjs`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { installExtension, prepareRunDir, startCodeServer, type HostTools } from './codeServer';
import { runExtensionHostTests } from './extensionHostTests';
import { makeLanguagePack, registerLanguagePack } from './languagePack';
import { makeWebOnlyExtension } from './webOnlyExtension';

const root = resolve(__dirname, '..', '..', '..');
const vsce = join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
const mocha = join(root, 'node_modules', 'mocha', 'bin', 'mocha.js');
const reporter = join(root, 'out', 'test', 'support', 'summaryReporter.js');
/** Display languages besides English that the localization suites run in. */
const LOCALES = ['nl', 'de'];

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set; run this through \`npm test\``);
  return value;
}

interface Session {
  readonly locale: string | undefined;
  /** The folder for the run's own files (default: the locale). */
  readonly name?: string;
  /** User settings of the run besides the quiet ones. */
  readonly settings?: Record<string, unknown>;
  /** The extension folder the integration suite loads as under development (default: the project). */
  readonly developmentPath?: string;
  readonly integrationSuite: string;
  readonly uiSuite: string;
  readonly layer: string;
}

/** One code-server in one display language: its extension-host suite, then its UI suite. */
async function runSession(tools: HostTools, baseDir: string, vsix: string, session: Session, parts: { integration: boolean; ui: boolean }): Promise<number> {
  const runDir = join(baseDir, session.name ?? session.locale ?? 'en');
  mkdirSync(runDir, { recursive: true });
  prepareRunDir(runDir, { ...(session.locale ? { 'workbench.editor.enablePreview': false } : {}), ...session.settings });
  await installExtension(tools, runDir, vsix);
  if (session.locale) {
    await installExtension(tools, runDir, makeLanguagePack(runDir, session.locale, vsce));
    registerLanguagePack(join(runDir, 'user-data'), join(runDir, 'extensions'), session.locale);
  }
  let started = Date.now();
  const server = await startCodeServer(tools, runDir, { locale: session.locale, env: { BAKERS_GAME_TEST_LOCALE: session.locale ?? 'en' } });
  const label = session.name ?? session.locale ?? 'en';
  console.log(`[vscode ${label}] code-server ready at ${server.baseUrl} in ${Date.now() - started} ms`);
  let failures = 0;
  try {
    if (parts.integration) {
      started = Date.now();
      const code = await runExtensionHostTests({
        baseUrl: server.baseUrl,
        extensionDevelopmentPath: session.developmentPath ?? root,
        extensionTestsPath: join(session.developmentPath ?? root, 'out', 'test', session.integrationSuite, 'index.js'),
        workspace: join(runDir, 'workspace'),
        profileDir: join(runDir, 'chrome-integration'),
        logsDir: join(runDir, 'exthost-logs'),
        timeoutMillis: 300_000,
      });
      console.log(`[vscode ${label}] extension-host suite exited with ${code} after ${Date.now() - started} ms`);
      if (code !== 0) failures++;
    }
    if (parts.ui) {
      started = Date.now();
      const result = spawnSync(
        process.execPath,
        [mocha, '--forbid-only', '--timeout', '120000', '--reporter', reporter, '--reporter-option', `layer=${session.layer}`, join(root, 'out', 'test', session.uiSuite, `${process.env.BAKERS_GAME_UI_TESTS ?? ''}*.test.js`)],
        { cwd: root, stdio: 'inherit', env: { ...process.env, CODE_SERVER_URL: server.baseUrl, CODE_SERVER_RUN_DIR: runDir, BAKERS_GAME_TEST_LOCALE: session.locale ?? 'en', BAKERS_GAME_TEST_HOST: session.name === 'web' ? 'web' : 'node' } },
      );
      console.log(`[vscode ${label}] UI suite exited with ${result.status} after ${Date.now() - started} ms`);
      if (result.status !== 0) failures++;
    }
  } finally {
    await server.stop();
  }
  return failures;
}

async function main(): Promise<number> {
  const tools = { nodeDir: required('NODE_DIR'), codeServer: required('CODE_SERVER') };
  const only = process.argv[2];
  const baseDir = mkdtempSync(join(process.env.BAKERS_GAME_RUN_DIR ?? tmpdir(), 'bakers-game-vscode-'));
  const vsix = join(baseDir, 'bakers-game.vsix');
  const started = Date.now();
  execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--out', vsix], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  console.log(`[vscode] packaged ${vsix} (${Math.round(statSync(vsix).size / 1024)} KB) in ${Date.now() - started} ms`);
  let failures = 0;
  try {
    if (!only || only === 'integration' || only === 'ui') {
      const parts = { integration: !only || only === 'integration', ui: !only || only === 'ui' };
      failures += await runSession(tools, baseDir, vsix, { locale: undefined, integrationSuite: 'integration', uiSuite: 'e2e', layer: 'ui' }, parts);
    }
    if (!only || only === 'l10n') {
      for (const locale of LOCALES) {
        failures += await runSession(
          tools,
          baseDir,
          vsix,
          { locale, integrationSuite: 'integration-l10n', uiSuite: 'e2e-l10n', layer: `ui-${locale}` },
          { integration: true, ui: true },
        );
      }
    }
    if (!only || only === 'web') {
      // The same extension in the browser's web worker extension host: a build without `main`.
      const web = makeWebOnlyExtension(root, baseDir, vsce);
      console.log(`[vscode] web-only build ${web.vsix} (${Math.round(statSync(web.vsix).size / 1024)} KB; dist/web/extension.js ${Math.round(statSync(join(root, 'dist', 'web', 'extension.js')).size / 1024)} KB)`);
      failures += await runSession(
        tools,
        baseDir,
        web.vsix,
        { locale: undefined, name: 'web', developmentPath: web.folder, settings: { 'bakersGame.playbackDelay': 20 }, integrationSuite: 'integration-web', uiSuite: 'e2e-web', layer: 'ui-web' },
        { integration: true, ui: existsSync(join(root, 'out', 'test', 'e2e-web')) },
      );
    }
  } finally {
    if (!process.env.KEEP_RUN) rmSync(baseDir, { recursive: true, force: true });
    else console.log(`[vscode] run folder kept: ${baseDir}`);
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
