import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { CLI, binNodeOptions, runCli } from '../../support/cli';

const run = (args: string[], input = '') => runCli(args, input, 30000);

describe('bakers-game solve (CLI)', function () {
  this.timeout(30000);
  let scratch = '';
  before(() => {
    assert.ok(existsSync(CLI), `${CLI} is missing: run node scripts/build.mjs first`);
    scratch = mkdtempSync(join(tmpdir(), 'bakers-game-solve-'));
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('--format csv: header, one row per deal, summary line', () => {
    const { status, stdout, stderr } = run(['solve', '--variant', 'bakers-game', '--deals', '9-11', '--format', 'csv']);
    assert.equal(status, 0, stderr);
    const lines = stdout.trim().split('\n');
    assert.equal(lines[0], 'deal,verdict,moves,nodes,ms');
    assert.match(lines[1], /^9,solvable,\d+,\d+,\d+$/);
    assert.match(lines[2], /^10,unsolvable,,\d+,\d+$/);
    assert.match(lines[3], /^11,solvable,\d+,\d+,\d+$/);
    assert.match(lines[4], /^# 3 positions: 2 solvable, 1 unsolvable, 0 unknown; \d+ nodes in [\d.]+ s$/);
  });

  it('--format json: one object per deal and a summary object', () => {
    const { status, stdout } = run(['solve', '--deals', '10-11', '--format', 'json', '--moves']);
    assert.equal(status, 0);
    const records = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.equal(records[0].deal, 10);
    assert.equal(records[0].verdict, 'unsolvable');
    assert.equal(records[0].solution, null);
    assert.equal(records[1].verdict, 'solvable');
    assert.equal(typeof records[1].solution, 'string');
    assert.deepEqual(records[2], { summary: { ...(records[2].summary as object), solvable: 1, unsolvable: 1, unknown: 0, total: 2 } });
  });

  for (const variant of ['bakers-game', 'freecell', 'seahaven', 'bakers-dozen-easy']) {
    it(`--moves output of a ${variant} deal replays to a win with bakers-game replay`, () => {
      const solved = run(['solve', '--variant', variant, '--deal', '3', '--moves']);
      assert.equal(solved.status, 0, solved.stderr);
      const lines = solved.stdout.split('\n');
      assert.match(lines[0], /^deal 3: solvable in (\d+) moves/);
      const count = Number(/in (\d+) moves/.exec(lines[0])![1]);
      const tokens = lines[1].split(' ');
      assert.equal(tokens.length, count);
      assert.ok(tokens.every((token) => /^[tc]\d+-([tc]\d+|f)$/.test(token)), 'one token per single-card move');
      const replayed = run(['replay', '--variant', variant, '--deal', '3'], lines[1]);
      assert.equal(replayed.status, 0, replayed.stderr);
      assert.match(replayed.stdout, /^Foundations: H-K C-K D-K S-K\n/);
    });
  }

  it('--board reads a file or stdin; a bad board is refused with the engine message and exit 1', () => {
    const board = run(['deal', '1']).stdout;
    const file = join(scratch, 'deal1.txt');
    writeFileSync(file, board);
    const fromFile = run(['solve', '--board', file]);
    assert.equal(fromFile.status, 0, fromFile.stderr);
    assert.match(fromFile.stdout, /^board: solvable in \d+ moves/);
    const fromStdin = run(['solve', '--board', '-'], board);
    assert.match(fromStdin.stdout, /^board: solvable/);
    const bad = run(['solve', '--board', '-'], board.replace('JD', 'XX'));
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /^bakers-game: stdin: .*XX/);
  });

  it('--max-nodes too small gives unknown; bad usage exits 2', () => {
    const limited = run(['solve', '--deal', '10', '--max-nodes', '50', '--format', 'csv']);
    assert.equal(limited.status, 0);
    assert.match(limited.stdout.split('\n')[1], /^10,unknown,,\d+,\d+$/);
    assert.equal(run(['solve', '--deal', '1', '--deals', '1-2']).status, 2);
    assert.equal(run(['solve', '--deals', '5-1']).status, 2);
    const notRange = run(['solve', '--deals', '5-']);
    assert.equal(notRange.status, 2);
    assert.match(notRange.stderr, /--deals needs a range A-B or a deal number, not "5-"/);
    assert.equal(run(['solve', '--deal', '1', '--format', 'xml']).status, 2);
    assert.equal(run(['solve', '--variant', 'nope', '--deal', '1']).status, 2);
    assert.equal(run(['solve', '--deals', '1-2', '--jobs', '0']).status, 2);
    assert.equal(run(['solve', '--deals', '1-2', '--jobs', 'x']).status, 2);
  });

  // Without the milliseconds, which differ from run to run.
  const steady = (csv: string): string[] =>
    csv
      .trim()
      .split('\n')
      .map((line) => (line.startsWith('#') ? line.replace(/ in [\d.]+ s$/, '') : line.split(',').filter((_, i) => i !== 4).join(',')));

  it('--deals N is the range N-N', () => {
    const one = run(['solve', '--deals', '12', '--format', 'csv']);
    assert.equal(one.status, 0, one.stderr);
    assert.deepEqual(steady(one.stdout), steady(run(['solve', '--deals', '12-12', '--format', 'csv']).stdout));
    assert.match(one.stdout.split('\n')[1], /^12,solvable,\d+,\d+,\d+$/);
  });

  it('--jobs 3 on three threads (this one and two workers): the same rows as --jobs 1, in deal order (with --moves and a node budget)', () => {
    for (const extra of [[], ['--max-nodes', '3000']]) {
      const args = ['solve', '--variant', 'bakers-game', '--deals', '1-24', '--format', 'csv', '--moves', ...extra];
      const one = run([...args, '--jobs', '1']);
      const three = run([...args, '--jobs', '3']);
      assert.equal(one.status, 0, one.stderr);
      assert.equal(three.status, 0, three.stderr);
      assert.deepEqual(steady(three.stdout), steady(one.stdout));
      assert.deepEqual(
        steady(three.stdout).slice(1, -1).map((line) => Number(line.split(',')[0])),
        Array.from({ length: 24 }, (_, i) => i + 1),
      );
    }
    // Kings-only: for deals 116, 133, 138, 140 and 196 the shortest solution after the last pass
    // is the depth-first part's, which a worker hands to this thread's pass beside best-first's.
    const kings = ['solve', '--variant', 'bakers-game-kings', '--deals', '101-200', '--format', 'csv', '--moves'];
    assert.deepEqual(steady(run([...kings, '--jobs', '3']).stdout), steady(run([...kings, '--jobs', '1']).stdout));
  });

  it('--jobs in JSON and text formats: the same records as one thread; the default uses every core', () => {
    const json = (jobs: string[]): unknown[] =>
      run(['solve', '--variant', 'freecell', '--deals', '1-8', '--format', 'json', '--moves', ...jobs])
        .stdout.trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .map(({ ms: _ms, summary, ...rest }) => (summary ? { ...(summary), seconds: 0 } : rest));
    assert.deepEqual(json([]), json(['--jobs', '1']));
    const text = run(['solve', '--deals', '9-12', '--jobs', '2']);
    assert.equal(text.status, 0, text.stderr);
    assert.deepEqual(
      text.stdout.split('\n').slice(0, 4).map((line) => line.split(':')[0]),
      ['deal 9', 'deal 10', 'deal 11', 'deal 12'],
    );
  });

  it('on every core, every thread compiles optimized code at once (no core is left for compiling in the background); on one thread started as node dist/cli.js, in the background', () => {
    // V8's trace of its compiles says how each was done ("compiling method …, mode: …"). Each
    // thread writes its trace to a file of its own (on stdout, two threads' lines ran into
    // each other and into the CSV rows).
    const modes = (nodeOptions: string[], jobs: number): Set<string> => {
      const traces = mkdtempSync(join(tmpdir(), 'bakers-game-trace-'));
      try {
        const args = [...nodeOptions, '--trace-opt', '--redirect-code-traces', CLI, 'solve', '--variant', 'bakers-game', '--deals', '1-60', '--format', 'csv', '--jobs', String(jobs)];
        const result = spawnSync(process.execPath, args, { cwd: traces, encoding: 'utf8', timeout: 60_000 });
        assert.equal(result.status, 0, result.stderr);
        assert.match(result.stdout, /^60,(un)?solvable,/m);
        const trace = readdirSync(traces).map((file) => readFileSync(join(traces, file), 'utf8')).join('\n');
        return new Set([...trace.matchAll(/^\[compiling method .*mode: ConcurrencyMode::(k\w+)\]$/gm)].map((match) => match[1]));
      } finally {
        rmSync(traces, { recursive: true, force: true });
      }
    };
    const everyCore = Math.max(2, availableParallelism());
    // As its bin runs it: the command's thread too (its first line gives node the flag).
    assert.deepEqual(modes(binNodeOptions(), everyCore), new Set(['kSynchronous']));
    // Without that flag the command's thread compiles in the background, its workers at once.
    assert.deepEqual(modes([], everyCore), new Set(['kConcurrent', 'kSynchronous']));
    assert.deepEqual(modes([], 1), new Set(['kConcurrent']));
  });

  it('runs from its first line (#!/usr/bin/env -S node …), as an installed bin does', () => {
    const direct = spawnSync(CLI, ['solve', '--variant', 'bakers-game', '--deal', '10', '--format', 'csv'], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` },
    });
    assert.equal(direct.status, 0, direct.stderr);
    assert.match(direct.stdout, /^10,unsolvable,,\d+,\d+$/m);
    assert.deepEqual(binNodeOptions(), ['--no-concurrent-recompilation']);
  });

  it('stops quietly when the reader of its output goes away (| head)', () => {
    // The second deal's row comes after head has closed the pipe.
    const shell = spawnSync(
      'bash',
      ['-c', `"${process.execPath}" "${CLI}" solve --variant bakers-game --deals 1-40 --jobs 2 | head -c 10 >/dev/null; echo "exit \${PIPESTATUS[0]}"`],
      { encoding: 'utf8', timeout: 60_000 },
    );
    assert.equal(shell.stdout.trim(), 'exit 0', shell.stderr);
    assert.equal(shell.stderr, '');
  });
});
