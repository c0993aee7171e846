import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** Where the test host's tools are; `scripts/ensure-deps.mjs` installs them. */
export interface HostTools {
  /** Folder of the Node 24 distribution (has `bin/node`). */
  readonly nodeDir: string;
  /** The `code-server` executable. */
  readonly codeServer: string;
}

/** A running code-server, private to one test run. */
export interface RunningCodeServer {
  readonly baseUrl: string;
  readonly runDir: string;
  /** Stops code-server and everything it started (its whole process group). */
  stop(): Promise<void>;
}

/** User settings that keep the workbench quiet and offline: no welcome page, chat, git or updates. */
const QUIET_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.enableExperiments': false,
  'workbench.tips.enabled': false,
  'chat.disableAIFeatures': true,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'git.enabled': false,
};

/** Everything code-server writes goes below the run folder, never into $HOME. */
function hostEnvironment(tools: HostTools, runDir: string, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${join(tools.nodeDir, 'bin')}:${process.env.PATH ?? ''}`,
    TMPDIR: join(runDir, 'tmp'),
    XDG_CONFIG_HOME: join(runDir, 'xdg', 'config'),
    XDG_DATA_HOME: join(runDir, 'xdg', 'data'),
    XDG_CACHE_HOME: join(runDir, 'xdg', 'cache'),
    EXTENSIONS_GALLERY: '{}',
    ...extra,
  };
}

function commonArguments(runDir: string): string[] {
  return ['--config', join(runDir, 'config.yaml'), '--user-data-dir', join(runDir, 'user-data'), '--extensions-dir', join(runDir, 'extensions')];
}

/** Installs a `.vsix` into the run's extensions folder (offline, from the file). */
export async function installExtension(tools: HostTools, runDir: string, vsix: string): Promise<void> {
  const { stdout, stderr } = await execFileAsync(tools.codeServer, [...commonArguments(runDir), '--install-extension', vsix], {
    env: hostEnvironment(tools, runDir, {}),
  });
  if (!/successfully installed/i.test(stdout + stderr)) throw new Error(`installing ${vsix} failed:\n${stdout}${stderr}`);
}

/** Prepares a run folder: quiet user settings and a config without auth. */
export function prepareRunDir(runDir: string, settings: Record<string, unknown> = {}): void {
  for (const sub of ['tmp', 'xdg/config', 'xdg/data', 'xdg/cache', 'user-data/User', 'extensions', 'workspace']) {
    mkdirSync(join(runDir, sub), { recursive: true });
  }
  writeFileSync(join(runDir, 'config.yaml'), 'bind-addr: 127.0.0.1:0\nauth: none\ncert: false\n');
  writeFileSync(join(runDir, 'user-data', 'User', 'settings.json'), JSON.stringify({ ...QUIET_SETTINGS, ...settings }, null, 2));
}

function waitForPort(child: ChildProcess, logFile: string, timeoutMillis: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + timeoutMillis;
    const poll = (): void => {
      let log = '';
      try {
        log = readFileSync(logFile, 'utf8');
      } catch {
        // Not written yet.
      }
      const port = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(log)?.[1];
      if (port) resolve(Number(port));
      else if (child.exitCode !== null) reject(new Error(`code-server exited with ${child.exitCode}:\n${log}`));
      else if (Date.now() > deadline) reject(new Error(`code-server reported no port within ${timeoutMillis} ms:\n${log}`));
      else setTimeout(poll, 100);
    };
    poll();
  });
}

/**
 * Starts code-server on a free loopback port, with the smoke-test driver enabled unless
 * `smokeTestDriver` is false (the test layers need it for their extension-host payloads; with it,
 * VS Code shows no notification toasts, only the notification centre, so `npm start` turns it
 * off for a player). It runs in its own process group so that `stop()` ends the server, the
 * extension hosts and their helpers together.
 */
export async function startCodeServer(
  tools: HostTools,
  runDir: string,
  options: { locale?: string; env?: NodeJS.ProcessEnv; smokeTestDriver?: boolean } = {},
): Promise<RunningCodeServer> {
  const logFile = join(runDir, 'code-server.log');
  const { openSync } = await import('node:fs');
  const out = openSync(logFile, 'w');
  const args = [
    ...commonArguments(runDir),
    '--bind-addr', '127.0.0.1:0',
    '--auth', 'none',
    '--disable-telemetry',
    '--disable-workspace-trust',
    '--disable-update-check',
    ...(options.smokeTestDriver === false ? [] : ['--vscode-option', 'enable-smoke-test-driver']),
    ...(options.locale ? ['--locale', options.locale] : []),
    '--ignore-last-opened',
    join(runDir, 'workspace'),
  ];
  const child = spawn(tools.codeServer, args, {
    env: hostEnvironment(tools, runDir, options.env ?? {}),
    stdio: ['ignore', out, out],
    detached: true,
  });
  const port = await waitForPort(child, logFile, 30_000);
  const baseUrl = `http://127.0.0.1:${port}`;
  // Polled until it answers; one that never does fails here, not later in a confusing way.
  let healthy = false;
  for (let attempt = 0; attempt < 300 && !healthy; attempt++) {
    healthy = await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false);
    if (!healthy) await new Promise((r) => setTimeout(r, 100));
  }
  if (!healthy) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    throw new Error(`code-server at ${baseUrl} never answered /healthz:\n${readFileSync(logFile, 'utf8')}`);
  }
  // Whatever ends this process, the server's group goes with it (an extension host left
  // behind would wait hours for its window to reconnect).
  const killGroup = (): void => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', killGroup);
  const stop = async (): Promise<void> => {
    process.removeListener('exit', killGroup);
    // The top process may have exited while its extension hosts live on: stop the group anyway.
    if (child.pid === undefined) return;
    const group = -child.pid;
    try {
      process.kill(group, 'SIGTERM');
    } catch {
      return;
    }
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setTimeout(r, 100));
      try {
        process.kill(group, 0);
      } catch {
        return;
      }
    }
    try {
      process.kill(group, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  return { baseUrl, runDir, stop };
}
