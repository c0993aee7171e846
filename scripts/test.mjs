// `npm test`: installs what is missing, then runs the layers in order and fails if any fails.
//   node scripts/test.mjs [static|unit|webview|vscode|integration|ui|l10n|web ...]
// (vscode = integration, ui, l10n and web: the VS Code layers, in the Node and the web worker host)
// Every layer prints `<layer>: N passed, N failed`; the last line adds them up.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDebianPackages, ensureVscodeHost, projectRoot } from './ensure-deps.mjs';

const ALL = ['static', 'unit', 'webview', 'vscode'];
const requested = process.argv.slice(2);
const layers = requested.length > 0 ? requested : ALL;
const unknown = layers.filter((layer) => ![...ALL, 'integration', 'ui', 'l10n', 'web'].includes(layer));
if (unknown.length > 0) {
  console.error(`unknown layer ${unknown.join(', ')}; choose from ${ALL.join(', ')}, integration, ui, l10n, web`);
  process.exit(2);
}

const bin = (name) => join(projectRoot, 'node_modules', '.bin', name);
const mocha = join(projectRoot, 'node_modules', 'mocha', 'bin', 'mocha.js');
const reporter = join(projectRoot, 'out', 'test', 'support', 'summaryReporter.js');

/**
 * Runs a command and resolves with its exit code and output. The output is echoed as it comes,
 * unless `quiet` (then the caller prints it, so parallel checks do not interleave).
 */
function run(command, args, env = {}, quiet = false) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: projectRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const echo = (stream) => (chunk) => {
      output += chunk;
      if (!quiet) stream.write(chunk);
    };
    child.stdout.on('data', echo(process.stdout));
    child.stderr.on('data', echo(process.stderr));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Adds up the `<layer>: N passed, N failed` lines a run printed. */
function counts(output) {
  let passed = 0;
  let failed = 0;
  for (const match of output.matchAll(/^[\w-]+: (\d+) passed, (\d+) failed/gm)) {
    passed += Number(match[1]);
    failed += Number(match[2]);
  }
  return { passed, failed };
}

// `--forbid-only`: a `.only` left in a test file fails the run instead of silently running
// one test (the same option is set in the extension host's mocha and the UI layer's).
const mochaLayer = (layer, files, timeout) =>
  run(process.execPath, [mocha, '--forbid-only', '--timeout', String(timeout), '--reporter', reporter, '--reporter-option', `layer=${layer}`, files]);

const started = Date.now();
const results = [];
let host;

try {
  ensureDebianPackages();
  if (layers.some((layer) => ['vscode', 'integration', 'ui', 'l10n', 'web'].includes(layer))) host = ensureVscodeHost();
} catch (error) {
  console.error(`[setup] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const build = await run(process.execPath, [join(projectRoot, 'scripts', 'build.mjs')]);
if (build.code !== 0) {
  console.error('build failed');
  process.exit(1);
}

const runners = {
  static: async () => {
    const checks = [
      ['type-check host', bin('tsc'), ['--noEmit', '-p', '.']],
      ['type-check webview', bin('tsc'), ['--noEmit', '-p', 'webview']],
      ['type-check browser tests', bin('tsc'), ['--noEmit', '-p', 'test/webview']],
      ['type-check workbench tests', bin('tsc'), ['--noEmit', '-p', 'test/e2e']],
      ['type-check localized workbench tests', bin('tsc'), ['--noEmit', '-p', 'test/e2e-l10n']],
      ['type-check web workbench tests', bin('tsc'), ['--noEmit', '-p', 'test/e2e-web']],
      ['eslint', bin('eslint'), ['--max-warnings', '0', '.']],
    ];
    // Two at a time: the checks are independent and the machine has two cores.
    let failed = 0;
    const queue = [...checks];
    const worker = async () => {
      for (let check = queue.shift(); check; check = queue.shift()) {
        const [name, command, args] = check;
        const { code, output } = await run(command, args, {}, true);
        process.stdout.write(output);
        console.log(code === 0 ? `✔ ${name}` : `✘ static: ${name}: exit code ${code}`);
        if (code !== 0) failed++;
      }
    };
    await Promise.all([worker(), worker()]);
    const line = `static: ${checks.length - failed} passed, ${failed} failed`;
    console.log(line);
    return { code: failed === 0 ? 0 : 1, output: line };
  },
  unit: () => mochaLayer('unit', 'out/test/unit/**/*.test.js', 20_000),
  webview: () => mochaLayer('webview', 'out/test/webview/**/*.test.js', 60_000),
  vscode: () => runVscode(),
  integration: () => runVscode('integration'),
  ui: () => runVscode('ui'),
  l10n: () => runVscode('l10n'),
  web: () => runVscode('web'),
};

function runVscode(only) {
  const args = [join(projectRoot, 'out', 'test', 'harness', 'runVscodeLayer.js'), ...(only ? [only] : [])];
  return run(process.execPath, args, { NODE_DIR: host.nodeDir, CODE_SERVER: host.codeServer });
}

for (const layer of layers) {
  console.log(`\n=== ${layer} ===`);
  const layerStarted = Date.now();
  const { code, output } = await runners[layer]();
  const { passed, failed } = counts(output);
  // A layer that exits non-zero fails even when it printed no count (a crash before its tests).
  const failures = [...output.matchAll(/^✘ [\w-]+: .*$/gm)].map((match) => match[0]);
  results.push({ layer, code, passed, failed, failures, seconds: (Date.now() - layerStarted) / 1000 });
}

console.log('\n=== summary ===');
for (const { layer, code, passed, failed, seconds } of results) {
  console.log(`${layer.padEnd(12)} ${code === 0 ? 'ok  ' : 'FAIL'} ${String(passed).padStart(5)} passed ${String(failed).padStart(4)} failed ${seconds.toFixed(1).padStart(7)} s`);
}
// The failed tests again, last: CI shows the tail of the run, where they would be cut off.
for (const failure of results.flatMap((r) => r.failures)) console.log(failure);
const total = results.reduce((sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed }), { passed: 0, failed: 0 });
const broken = results.filter((r) => r.code !== 0).length;
console.log(`time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`total: ${total.passed} passed, ${total.failed + (broken > 0 && total.failed === 0 ? broken : 0)} failed`);
process.exit(broken > 0 ? 1 : 0);
