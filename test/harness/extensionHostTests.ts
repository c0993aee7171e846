import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { format } from 'node:util';
import { launchBrowser } from './browser';

/** Workbench chatter that says nothing about our tests. */
const NOISE =
  /^(Resolving connection token|Resolved connection token|Creating a socket|\[reconnection-grace-time\]|Updating additional builtin|Ignoring fetching additional builtin|\[Service Worker\]|\[AgentHost|\[AccountPolicyGate\]|\[ChatModelSelection\]|getaddrinfo ENOTFOUND|No extension gallery service configured)/;

/** What to run: the same contract as `@vscode/test-electron`'s `extensionTestsPath`. */
export interface ExtensionHostRun {
  readonly baseUrl: string;
  /** The extension folder loaded as "under development". */
  readonly extensionDevelopmentPath: string;
  /** A CommonJS module exporting `run(): Promise<void>`. */
  readonly extensionTestsPath: string;
  /** Folder opened in the workbench. */
  readonly workspace: string;
  readonly profileDir: string;
  readonly logsDir: string;
  readonly timeoutMillis: number;
}

/**
 * Runs mocha suites inside code-server's extension host: the workbench is opened with a
 * payload naming the extension and the tests, and reports back through the automation hooks
 * that the smoke-test driver calls. Resolves with the exit code the workbench gave.
 */
export async function runExtensionHostTests(run: ExtensionHostRun): Promise<number> {
  const host = new URL(run.baseUrl).host;
  const remote = (path: string): string => `vscode-remote://${host}${resolve(path)}`;
  const payload = JSON.stringify([
    ['extensionDevelopmentPath', remote(run.extensionDevelopmentPath)],
    ['extensionTestsPath', remote(run.extensionTestsPath)],
    ['skipWelcome', 'true'],
  ]);
  const url = `${run.baseUrl}/?folder=${encodeURIComponent(resolve(run.workspace))}&payload=${encodeURIComponent(payload)}`;
  const context = await launchBrowser(run.profileDir);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    let settle: (code: number | 'timeout') => void = () => undefined;
    const finished = new Promise<number | 'timeout'>((r) => (settle = r));
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown) => {
      const line = Array.isArray(args) ? format(...(args as unknown[])) : String(args);
      if (!process.env.EXTHOST_VERBOSE && NOISE.test(line)) return;
      console.log(type === 'error' ? `[exthost:error] ${line}` : line);
    });
    await page.exposeFunction('codeAutomationExit', (code: number, logs?: Array<{ relativePath: string; contents: string }>) => {
      for (const { relativePath, contents } of logs ?? []) {
        const file = join(run.logsDir, relativePath);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, contents);
      }
      settle(code);
    });
    page.on('pageerror', (error) => console.log(`[pageerror] ${error.message}`));
    const timer = setTimeout(() => settle('timeout'), run.timeoutMillis);
    await page.goto(url);
    const code = await finished;
    clearTimeout(timer);
    if (code === 'timeout') {
      console.log(`extension-host tests did not finish within ${run.timeoutMillis} ms`);
      return 1;
    }
    return code;
  } finally {
    await context.close();
  }
}
