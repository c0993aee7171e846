import {
  describeRefusal,
  findVariant,
  formatMoves,
  parseBoard,
  parseDealNumber,
  type Position,
  type Variant,
} from '../../engine';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { solveDealsInPool } from '../pool';
import { dealtPosition } from '../dealt';
import { solve, type SolveResult } from '../solve';
import type { Command } from './commands';
import { parseOptions, UsageError } from './io';

const MAX_RANGE = 10_000_000;

/**
 * When the threads that solve a range take every core, the workers started from now on compile
 * their optimized code on their own thread instead of in the background. A background compile
 * then has no idle core: it takes one from a solving thread, and the function it compiles runs
 * unoptimized meanwhile, so the compile is better done at once. Measured on 2 cores,
 * Baker's Game 1-1000 with --jobs 2: median 1.37 s against 1.45 s over 15 interleaved runs.
 * V8 reads the flag when an isolate starts, so this thread gets it from the command's first line
 * (`node --no-concurrent-recompilation`, see scripts/build.mjs); started as `node dist/cli.js`,
 * it compiles in the background.
 */
function compileInWorkersWhenCoresAreFull(threads: number): void {
  if (threads >= 2 && threads >= availableParallelism()) setFlagsFromString('--no-concurrent-recompilation');
}

/** `--max-seconds`: a positive number of seconds. */
function parseSeconds(text: string): number {
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !(seconds > 0)) throw new UsageError(`--max-seconds needs a positive number, not "${text}"`);
  return seconds;
}

/** `--max-memory`: bytes, with an optional k, m or g (powers of 1024). */
function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([kmg]?)b?$/i.exec(text.trim());
  const bytes = match ? Number(match[1]) * 1024 ** ' kmg'.indexOf((match[2] || ' ').toLowerCase()) : NaN;
  if (!match || !(bytes >= 1024 * 1024)) throw new UsageError(`--max-memory needs a size of at least 1m such as 400m or 4g, not "${text}"`);
  return bytes;
}

/** `--deals A-B`, or `--deals N` for the one deal N (as `npm run bench:solver` reads it). */
function dealRange(text: string): [number, number] {
  const match = /^(\d+)(?:-(\d+))?$/.exec(text.trim());
  if (!match) throw new UsageError(`--deals needs a range A-B or a deal number, not "${text}"`);
  const [a, b] = [match[1], match[2] ?? match[1]].map((part) => {
    const parsed = parseDealNumber(part);
    if (!parsed.ok) throw new UsageError(describeRefusal(parsed.refusal));
    return parsed.value;
  });
  if (b < a) throw new UsageError(`--deals ${text}: the range is empty`);
  if (b - a >= MAX_RANGE) throw new UsageError(`--deals ${text}: at most ${MAX_RANGE} deals at once`);
  return [a, b];
}

interface Row {
  readonly label: string;
  readonly result: SolveResult;
}

function row(format: string, variant: Variant, { label, result }: Row, withMoves: boolean): string {
  // Written out only when asked for: formatting every solution took the command's thread about
  // 35 ms over Baker's Game 1-1000, for rows that show only the count.
  const moves = withMoves && result.moves ? formatMoves(result.moves, variant) : '';
  const count = result.moves ? result.moves.length : '';
  const ms = Math.round(result.millis);
  if (format === 'json') {
    const record: Record<string, unknown> = {
      deal: /^\d+$/.test(label) ? Number(label) : label,
      verdict: result.verdict,
      moves: result.moves ? result.moves.length : null,
      nodes: result.nodes,
      ms,
      peakBytes: result.peakBytes,
    };
    if (result.reason) record.reason = result.reason;
    if (withMoves) record.solution = result.moves ? moves : null;
    return JSON.stringify(record) + '\n';
  }
  if (format === 'csv') return `${label},${result.verdict},${count},${result.nodes},${ms}${withMoves ? `,${moves}` : ''}\n`;
  const what = result.verdict === 'solvable' ? `solvable in ${count} moves` : result.verdict === 'unknown' ? `unknown (${result.reason ?? 'budget'})` : 'unsolvable';
  const head = `${label === 'board' ? 'board' : `deal ${label}`}: ${what}, ${result.nodes} positions, ${ms} ms\n`;
  return head + (withMoves && result.moves ? `${moves}\n` : '');
}

/** `solve`: decides deals or a board; text, CSV or JSON lines, and a summary line. */
export const solveCommand: Command = {
  name: 'solve',
  usage: 'solve --variant <id> (--deal N | --deals A-B | --board FILE|-) [--max-nodes K] [--max-seconds S] [--max-memory SIZE] [--format text|csv|json] [--moves] [--jobs N]',
  summary:
    'decide deals or a board: solvable (with a solution), unsolvable (proved) or unknown within the budget; ' +
    '--deals are solved on N threads at once (this one and N - 1 worker threads; default: one per core), the output still in deal order',
  options: {
    variant: { type: 'string', help: 'the game (see `bakers-game variants`); default bakers-game' },
    deal: { type: 'string', help: 'one deal number' },
    deals: { type: 'string', help: 'a range of deal numbers, A-B (or one, N)' },
    board: { type: 'string', help: 'a board in fc-solve format, from a file or - for stdin' },
    'max-nodes': { type: 'string', help: 'most positions to search per deal before answering unknown (default 20000000; none in the rank-built games)' },
    'max-seconds': { type: 'string', help: 'most seconds to search per deal (default: no limit; 10 in the rank-built games)' },
    'max-memory': { type: 'string', help: 'most memory for a deal\'s search tables, e.g. 400m or 4g (default 400m; 1g in the rank-built games)' },
    format: { type: 'string', help: 'text (default), csv or json lines' },
    moves: { type: 'boolean', help: 'print each solution in long notation' },
    jobs: { type: 'string', help: 'threads for --deals (default: one per core)' },
  },
  run(args, io) {
    const { options, flags, positional } = parseOptions(args, solveCommand.options);
    if (positional.length > 0) throw new UsageError(`unexpected argument "${positional[0]}"`);
    const withMoves = flags.has('moves');
    const found = findVariant(options.get('variant') ?? 'bakers-game');
    if (!found.ok) throw new UsageError(describeRefusal(found.refusal));
    const variant = found.value;
    const format = options.get('format') ?? 'text';
    if (!['text', 'csv', 'json'].includes(format)) throw new UsageError(`--format must be text, csv or json, not "${format}"`);
    const sources = ['deal', 'deals', 'board'].filter((name) => options.has(name));
    if (sources.length !== 1) throw new UsageError('solve needs exactly one of --deal N, --deals A-B, --board FILE');
    let maxNodes: number | undefined;
    if (options.has('max-nodes')) {
      const text = options.get('max-nodes')!;
      maxNodes = Number(text);
      if (!/^\d+$/.test(text) || !(maxNodes > 0)) throw new UsageError(`--max-nodes needs a positive whole number, not "${text}"`);
    }
    const maxMillis = options.has('max-seconds') ? parseSeconds(options.get('max-seconds')!) * 1000 : undefined;
    const maxBytes = options.has('max-memory') ? parseSize(options.get('max-memory')!) : undefined;
    let threads = availableParallelism();
    if (options.has('jobs')) {
      const text = options.get('jobs')!;
      threads = Number(text);
      if (!/^\d+$/.test(text) || !(threads > 0)) throw new UsageError(`--jobs needs a positive whole number, not "${text}"`);
    }

    const jobs: { label: string; position: () => Position }[] = [];
    let range: [number, number] | undefined;
    if (options.has('board')) {
      const file = options.get('board')!;
      let text: string;
      try {
        text = file === '-' ? io.readStdin() : io.readFile(file);
      } catch (error) {
        throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
      }
      const parsed = parseBoard(text, variant.id);
      if (!parsed.ok) {
        io.err(`bakers-game: ${file === '-' ? 'stdin' : file}: ${describeRefusal(parsed.refusal)}\n`);
        return 1;
      }
      jobs.push({ label: 'board', position: () => parsed.value });
    } else if (options.has('deal')) {
      const parsed = parseDealNumber(options.get('deal')!);
      if (!parsed.ok) throw new UsageError(describeRefusal(parsed.refusal));
      jobs.push({ label: String(parsed.value), position: () => dealtPosition(variant.id, parsed.value) });
    } else {
      range = dealRange(options.get('deals')!);
    }
    const total = range ? range[1] - range[0] + 1 : jobs.length;
    const labelOf = (index: number): string => (range ? String(range[0] + index) : jobs[index].label);

    if (format === 'csv') io.out(`deal,verdict,moves,nodes,ms${withMoves ? ',solution' : ''}\n`);
    const counts = { solvable: 0, unsolvable: 0, unknown: 0 };
    const started = performance.now();
    let nodes = 0;
    const report = (index: number, result: SolveResult): void => {
      counts[result.verdict]++;
      nodes += result.nodes;
      io.out(row(format, variant, { label: labelOf(index), result }, withMoves));
    };
    const finish = (): number => {
      const seconds = (performance.now() - started) / 1000;
      const summary = `${total} ${total === 1 ? 'position' : 'positions'}: ${counts.solvable} solvable, ${counts.unsolvable} unsolvable, ${counts.unknown} unknown; ${nodes} nodes in ${seconds.toFixed(2)} s`;
      if (format === 'json') io.out(JSON.stringify({ summary: { ...counts, total, nodes, seconds: Number(seconds.toFixed(3)) } }) + '\n');
      else io.out(format === 'csv' ? `# ${summary}\n` : `${summary}\n`);
      return 0;
    };
    if (range) {
      // The worker bundle sits next to the CLI bundle (dist/); without it, this thread alone.
      const workerPath = join(__dirname, 'solverWorker.js');
      const solving = existsSync(workerPath) ? Math.min(threads, total) : 1;
      compileInWorkersWhenCoresAreFull(solving);
      return solveDealsInPool(workerPath, variant.id, range[0], total, report, {
        jobs: solving,
        budget: { maxNodes, maxMillis, maxBytes },
      }).then(finish);
    }
    for (let index = 0; index < jobs.length; index++) report(index, solve(jobs[index].position(), { maxNodes, maxMillis, maxBytes }));
    return finish();
  },
};
