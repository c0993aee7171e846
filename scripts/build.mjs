// Builds every bundle with esbuild: the extension, the solver worker, the CLI, the webview,
// and the tests and benchmarks (each test file becomes its own CommonJS file under out/).
//   node scripts/build.mjs [--watch] [--production]
import * as esbuild from 'esbuild';
import { chmodSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { webConfigs, webTestConfig } from './web-bundles.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/** Every file below `dir` whose name passes `keep`. */
function filesUnder(dir, keep) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path, keep) : keep(name) ? [path] : [];
  });
}

const nodeDefaults = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'warning',
  absWorkingDir: root,
};

const optional = (entry) => (existsSync(join(root, entry)) ? [entry] : []);

const configs = [
  { ...nodeDefaults, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  ...optional('src/solver/worker.ts').map((entry) => ({ ...nodeDefaults, entryPoints: [entry], outfile: 'dist/solverWorker.js' })),
  ...optional('src/solver/cli.ts').map((entry) => ({
    ...nodeDefaults,
    entryPoints: [entry],
    outfile: 'dist/cli.js',
    // The command's own thread compiles optimized code at once, as its workers do when every core
    // solves (see compileInWorkersWhenCoresAreFull in src/solver/cli/solve.ts): V8 reads this flag
    // only when an isolate starts, so for the command's thread it has to be given to node. On two
    // cores, Baker's Game 1-1000 on both: 0.95 of the time (16 interleaved runs); with one thread,
    // whose background compiles had an idle core, about 1.07.
    banner: { js: '#!/usr/bin/env -S node --no-concurrent-recompilation' },
  })),
  ...[
    ['webview/main.ts', 'dist/webview.js'],
    // The statistics chart page: its own small bundle (Lit and plain SVG, no chart library).
    ['webview/chart/main.ts', 'dist/chart.js'],
    // The review page: the board (read-only) and the timeline of a finished game.
    ['webview/review/main.ts', 'dist/review.js'],
  ].map(([entry, outfile]) => ({
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    entryPoints: [entry],
    outfile,
    tsconfig: 'webview/tsconfig.json',
    minify: true,
    sourcemap: production ? false : 'linked',
    logLevel: 'warning',
    absWorkingDir: root,
  })),
];

// The same extension for the browser's web worker extension host (no Node module may get in).
configs.push(...webConfigs({ production }).map((config) => ({ ...config, absWorkingDir: root })));

if (!production) {
  const testEntries = filesUnder(join(root, 'test'), (name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((path) => relative(root, path))
    // The web worker host's suites are one browser bundle of their own (below).
    .filter((path) => !path.startsWith(join('test', 'integration-web')));
  configs.push({
    ...nodeDefaults,
    sourcemap: 'inline',
    entryPoints: testEntries,
    outdir: 'out/test',
    outbase: 'test',
    external: ['vscode', 'mocha', 'playwright-core', '@vscode/test-electron', 'axe-core', 'esbuild'],
  });
  configs.push({ ...webTestConfig(), absWorkingDir: root });
}

// A production build (run by `vsce package`) replaces dist/ only; the tests in out/ stay.
rmSync(join(root, production ? 'dist' : 'out'), { recursive: true, force: true });

if (watch) {
  const contexts = await Promise.all(configs.map((config) => esbuild.context(config)));
  await Promise.all(contexts.map((context) => context.watch()));
  console.log('watching for changes…');
} else {
  const started = Date.now();
  await Promise.all(configs.map((config) => esbuild.build(config)));
  // Runnable from its first line, as npm makes an installed bin.
  if (existsSync(join(root, 'dist/cli.js'))) chmodSync(join(root, 'dist/cli.js'), 0o755);
  console.log(`build: ${configs.length} bundles in ${Date.now() - started} ms${production ? ' (production)' : ''}`);
}
