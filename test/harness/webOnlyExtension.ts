import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a web-only copy of the extension is made of (the `.vsix` takes what `.vscodeignore` lets through). */
const COPIED = ['README.md', 'CHANGELOG.md', 'LICENSE', '.vscodeignore', 'l10n', 'media', 'dist'];

/**
 * A copy of the built extension whose manifest offers only the `browser` entry, so that a
 * workbench with a Node extension host still runs it in the browser's web worker extension host
 * (an extension with `main` goes to the Node host). Also packaged as a `.vsix` for the UI tests.
 * Resolves with the folder (for `extensionDevelopmentPath`) and the `.vsix`.
 */
export function makeWebOnlyExtension(root: string, workDir: string, vsce: string): { folder: string; vsix: string } {
  const folder = join(workDir, 'web-only-extension');
  mkdirSync(folder, { recursive: true });
  for (const name of COPIED) if (existsSync(join(root, name))) cpSync(join(root, name), join(folder, name), { recursive: true });
  for (const name of readdirSync(root)) if (/^package\.nls(\.[\w-]+)?\.json$/.test(name)) cpSync(join(root, name), join(folder, name));
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  if (typeof manifest.browser !== 'string') throw new Error('package.json has no `browser` entry');
  // No `main`: nothing for a Node host. No scripts: vsce would build again (prepublish).
  for (const key of ['main', 'bin', 'scripts', 'dependencies', 'devDependencies', 'allowScripts']) delete manifest[key];
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // VS Code runs a test suite in the extension host of the extension whose folder holds it: the
  // web suite (one bundle) goes inside this copy, after the packaging, so the .vsix stays clean.
  const vsix = join(workDir, 'bakers-game-web.vsix');
  execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--out', vsix], { cwd: folder, stdio: ['ignore', 'ignore', 'inherit'] });
  const suite = join(root, 'out', 'test', 'integration-web', 'index.js');
  mkdirSync(join(folder, 'out', 'test', 'integration-web'), { recursive: true });
  cpSync(suite, join(folder, 'out', 'test', 'integration-web', 'index.js'));
  return { folder, vsix };
}
