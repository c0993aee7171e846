// The browser (web worker extension host) bundles, and the check that keeps Node out of them.
//   dist/web/extension.js     the extension (`browser` in package.json), CommonJS, `vscode` external
//   dist/web/solverWorker.js  the solver's Web Worker
import { builtinModules } from 'node:module';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/**
 * Node modules the web bundles may name, each for a stated reason, mapped to a stand-in:
 * src/solver/request.ts checks a range-of-deals request's port with `instanceof MessagePort`
 * (node:worker_threads). The web worker never takes such requests, so a class nothing is an
 * instance of serves.
 */
const STAND_INS = {
  'node:worker_threads': { importer: /src[\\/]solver[\\/]request\.ts$/, contents: 'export class MessagePort {}' },
};

/** Packages that only work on Node (they use its file system), refused like a built-in. */
const NODE_ONLY_PACKAGES = ['proper-lockfile', 'graceful-fs'];

/**
 * An esbuild plugin that fails the build on any Node built-in or Node-only package, naming the
 * importer, except the stand-ins above.
 */
export function noNodeModules() {
  return {
    name: 'no-node-modules',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        const bare = args.path.split('/')[0];
        const nodeOnly = NODE_BUILTINS.has(args.path) || NODE_BUILTINS.has(bare) || NODE_ONLY_PACKAGES.includes(args.path.startsWith('@') ? args.path : bare);
        if (!nodeOnly) return undefined;
        const standIn = STAND_INS[args.path];
        if (standIn && standIn.importer.test(args.importer)) return { path: args.path, namespace: 'stand-in' };
        return { errors: [{ text: `the web bundle must not use the Node module "${args.path}" (imported by ${args.importer})` }] };
      });
      build.onLoad({ filter: /.*/, namespace: 'stand-in' }, (args) => ({ contents: STAND_INS[args.path].contents, loader: 'js' }));
    },
  };
}

/** The esbuild configurations of the web bundles. */
export function webConfigs({ production }) {
  const common = {
    bundle: true,
    platform: 'browser',
    target: 'es2022',
    minify: production,
    sourcemap: production ? false : 'linked',
    logLevel: 'warning',
    plugins: [noNodeModules()],
    // A web worker has no `process`; nothing of ours reads it, but a library might.
    define: { 'process.env.NODE_ENV': production ? '"production"' : '"development"' },
  };
  return [
    { ...common, format: 'cjs', entryPoints: ['src/extension/webExtension.ts'], outfile: 'dist/web/extension.js', external: ['vscode'] },
    { ...common, format: 'iife', entryPoints: ['src/webworker/solverWorker.ts'], outfile: 'dist/web/solverWorker.js' },
  ];
}

/**
 * The integration suites for the web worker extension host, as one CommonJS file (that host
 * loads no other module but `vscode`): mocha's browser build is bundled in, and
 * `node:assert/strict` is test/support/webAssert.ts.
 */
export function webTestConfig() {
  return {
    bundle: true,
    platform: 'browser',
    format: 'cjs',
    target: 'es2022',
    sourcemap: 'inline',
    logLevel: 'warning',
    entryPoints: ['test/integration-web/index.ts'],
    outfile: 'out/test/integration-web/index.js',
    external: ['vscode'],
    plugins: [
      {
        name: 'web-assert',
        setup(build) {
          build.onResolve({ filter: /^(node:)?assert(\/strict)?$/ }, () => ({ path: join(build.initialOptions.absWorkingDir, 'test', 'support', 'webAssert.ts') }));
          // mocha's browser build is a UMD file: given `module`, it would replace the suite's own
          // exports (the host would then call mocha's run, not ours). Loaded with none, it sets
          // the globals `mocha` and `Mocha`, as in a page.
          build.onLoad({ filter: /[\\/]mocha[\\/]mocha\.js$/ }, async (args) => ({
            contents: `(function (module, exports, define) {\n${await readFile(args.path, 'utf8')}\n}).call(globalThis);\n`,
            loader: 'js',
          }));
        },
      },
      noNodeModules(),
    ],
  };
}
