import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = resolve(__dirname, '..', '..', '..', '..');

interface WebBundles {
  noNodeModules: () => esbuild.Plugin;
  webConfigs: (options: { production: boolean }) => esbuild.BuildOptions[];
}

/** Bundles `source` for the browser with the web bundles' check; resolves with esbuild's errors. */
async function bundleErrors(source: string, fileName = 'entry.ts'): Promise<string[]> {
  const { noNodeModules } = (await import(pathToFileURL(join(root, 'scripts', 'web-bundles.mjs')).href)) as WebBundles;
  const dir = mkdtempSync(join(tmpdir(), 'web-bundle-'));
  try {
    writeFileSync(join(dir, fileName), source);
    await esbuild.build({ entryPoints: [join(dir, fileName)], bundle: true, platform: 'browser', write: false, logLevel: 'silent', plugins: [noNodeModules()], absWorkingDir: root, nodePaths: [join(root, 'node_modules')] });
    return [];
  } catch (error) {
    return ((error as esbuild.BuildFailure).errors ?? []).map((message) => message.text);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('web bundles: no Node module gets in', () => {
  it('fails on a Node built-in, with or without node:, naming it', async () => {
    const errors = await bundleErrors("import { readFileSync } from 'node:fs'; import * as os from 'os'; console.log(readFileSync, os);");
    assert.equal(errors.length, 2);
    assert.match(errors[0], /must not use the Node module "node:fs"/);
    assert.match(errors[1], /"os"/);
  });

  it('fails on a package that needs Node (proper-lockfile)', async () => {
    const errors = await bundleErrors("import { lock } from 'proper-lockfile'; console.log(lock);");
    assert.match(errors.join('\n'), /must not use the Node module "proper-lockfile"/);
  });

  it('allows the stand-in only where it is declared (src/solver/request.ts), not elsewhere', async () => {
    const errors = await bundleErrors("import { MessagePort } from 'node:worker_threads'; console.log(MessagePort);");
    assert.match(errors.join('\n'), /node:worker_threads/);
  });

  it('bundles the real browser entry and its worker without an error', async () => {
    const { webConfigs } = (await import(pathToFileURL(join(root, 'scripts', 'web-bundles.mjs')).href)) as WebBundles;
    for (const config of webConfigs({ production: true })) {
      const result = await esbuild.build({ ...config, absWorkingDir: root, write: false, logLevel: 'silent', metafile: true });
      const inputs = Object.keys(result.metafile.inputs);
      assert.ok(!inputs.some((input) => /proper-lockfile|historyFile|exclusiveLock|gameClaims\.ts|solver[\\/]client\.ts/.test(input)), inputs.join('\n'));
    }
  });
});
