/**
 * `npm run bench:review`: the figures of par and review, measured through the same worker client
 * and budgets the extension host uses. Prints figures; asserts nothing.
 *
 * - par: one search per deal from its start (Baker's Game deals 1..N, Baker's Dozen 1..M), in the
 *   worker, shortened; median and 95th percentile of the worker's time, and of the host's part
 *   (counting the solution in the player's moves);
 * - review: games of random-but-winning play (the solver's solution with random moves mixed in,
 *   each checked to keep the deal winnable), reviewed as the host does it: time to the first mark
 *   and to the whole timeline (median and p95), and the longest stall of this thread's event loop.
 *
 *   node out/test/bench/review.js [--deals 1000] [--dozen 200] [--games 100] [--seed 7]
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { dealPosition, isWon, legalMoves, performMove, samePosition, seededRandom, type Move, type Position } from '../../src/engine';
import { PAR_BUDGET, REVIEW_BUDGET } from '../../src/extension/assist/budgets';
import { playerMoveCount } from '../../src/extension/review/playerMoves';
import { ReviewAnalysis } from '../../src/extension/review/reviewAnalysis';
import { SLICE_MS } from '../../src/extension/review/sliced';
import { solve } from '../../src/solver';
import { SolverClient } from '../../src/solver/client';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const ms = (value: number): string => `${value.toFixed(0)} ms`;

/** `process.threadCpuUsage` (Node 23.9+, the extension host's Node 24): this thread's CPU time, in µs. */
const threadCpu = (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage;

/**
 * Watches this thread's event loop with a 1 ms timer: the longest gap between two ticks (wall
 * clock, which also counts the time the machine gave the thread no core), and, where Node can
 * tell, the most CPU time this thread spent within one gap (the loop blocked by our own work).
 */
class StallWatch {
  maxWall = 0;
  maxCpu = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  start(): void {
    let wall = performance.now();
    let cpu = threadCpu ? threadCpu.call(process) : undefined;
    const tick = (): void => {
      const now = performance.now();
      this.maxWall = Math.max(this.maxWall, now - wall);
      wall = now;
      if (threadCpu && cpu) {
        const used = threadCpu.call(process);
        this.maxCpu = Math.max(this.maxCpu, (used.user + used.system - cpu.user - cpu.system) / 1000);
        cpu = used;
      }
      this.timer = setTimeout(tick, 1);
    };
    this.timer = setTimeout(tick, 1);
  }

  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
  }
}

async function parFigures(client: SolverClient, variant: string, count: number): Promise<void> {
  const worker: number[] = [];
  const host: number[] = [];
  const pars: number[] = [];
  let unknown = 0;
  let unsolvable = 0;
  for (let deal = 1; deal <= count; deal++) {
    const dealt = dealPosition(variant, deal);
    if (!dealt.ok) continue;
    const answer = await client.solve(dealt.value, { budget: PAR_BUDGET, shorten: true }).result;
    worker.push(answer.millis);
    if (answer.verdict === 'unknown') unknown++;
    if (answer.verdict === 'unsolvable') unsolvable++;
    if (answer.verdict !== 'solvable') continue;
    const started = performance.now();
    pars.push(playerMoveCount(dealt.value, answer.moves ?? [], true));
    host.push(performance.now() - started);
  }
  console.log(
    `par ${variant} 1-${count}: worker median ${ms(percentile(worker, 50))}, p95 ${ms(percentile(worker, 95))}, max ${ms(Math.max(...worker))}; ` +
      `host part median ${percentile(host, 50).toFixed(1)} ms, p95 ${percentile(host, 95).toFixed(1)} ms; ` +
      `${pars.length} pars (median ${percentile(pars, 50)} moves with auto-play), ${unsolvable} unsolvable, ${unknown} unknown`,
  );
}

/** A won game of random-but-winning play: the solver's line, with a random move now and then that keeps the deal winnable. */
function winningGame(deal: number, random: () => number, detours: number): Position[] | undefined {
  const dealt = dealPosition('bakers-game', deal);
  if (!dealt.ok) return undefined;
  let position = dealt.value;
  const positions = [position];
  let line: readonly Move[] = solve(position, { maxNodes: 300_000 }).moves ?? [];
  if (line.length === 0) return undefined;
  let left = detours;
  while (!isWon(position) && positions.length < 400) {
    let move = line[0];
    if (left > 0 && random() < 0.2) {
      const moves = legalMoves(position).filter((m) => m.to.kind !== 'foundation');
      const candidate = moves[Math.floor(random() * moves.length)];
      const after = candidate ? solve(performMove(position, candidate), { maxNodes: 300_000 }) : undefined;
      if (candidate && after?.verdict === 'solvable') {
        move = candidate;
        line = [candidate, ...(after.moves ?? [])];
        left--;
      }
    }
    if (!move) return undefined;
    position = performMove(position, move);
    positions.push(position);
    line = line.slice(1);
  }
  return isWon(position) ? positions : undefined;
}

async function reviewFigures(games: number, seed: number): Promise<void> {
  const random = seededRandom(seed);
  const recorded: Position[][] = [];
  for (let deal = 1; recorded.length < games; deal++) {
    const game = winningGame(deal, random, 12);
    if (game) recorded.push(game);
  }
  const lengths = recorded.map((game) => game.length - 1);
  const first: number[] = [];
  const whole: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let maxStall = 0;
  // The host's synchronous steps per answer, timed one by one: counting the answer in the
  // player's moves (inside ReviewAnalysis.run, from the answer's arrival to onChange), and the
  // marks the panel computes for the page.
  const counting: number[] = [];
  const marking: number[] = [];
  const workerStarts: number[] = [];
  const watch = new StallWatch();
  for (const positions of recorded) {
    // A fresh worker per game: no answer comes from an earlier game's cache. Started before the
    // clock: the extension keeps one worker for all its reviews.
    const client = new SolverClient(join(__dirname, '..', '..', '..', 'dist', 'solverWorker.js'));
    const startedWorker = performance.now();
    client.postRaw({ type: 'cancel', id: 0 });
    workerStarts.push(performance.now() - startedWorker);
    const played = positions.slice(1).flatMap((after, index) => legalMoves(positions[index]).find((m) => samePosition(performMove(positions[index], m), after)) ?? []);
    const analysis = new ReviewAnalysis(positions, played, new Set(), false);
    const started = performance.now();
    let firstAt: number | undefined;
    let arrived = 0;
    delay.reset();
    delay.enable();
    watch.start();
    await analysis.run(
      (position, signal) =>
        client.solve(position, { budget: REVIEW_BUDGET, shorten: true, signal }).result.then((answer) => {
          arrived = performance.now();
          return { verdict: answer.verdict, moves: answer.moves ?? [] };
        }),
      new AbortController().signal,
      () => {
        const changed = performance.now();
        counting.push(changed - arrived);
        firstAt ??= changed - started;
        analysis.marks();
        marking.push(performance.now() - changed);
      },
    );
    delay.disable();
    watch.stop();
    whole.push(performance.now() - started);
    first.push(firstAt ?? NaN);
    maxStall = Math.max(maxStall, delay.max / 1e6);
    await client.dispose();
  }
  console.log(
    `review of ${games} won Baker's Game games (random-but-winning play, ${percentile(lengths, 50)} moves median, ${Math.max(...lengths)} max): ` +
      `first mark median ${ms(percentile(first, 50))}, p95 ${ms(percentile(first, 95))}; whole timeline median ${ms(percentile(whole, 50))}, p95 ${ms(percentile(whole, 95))}, max ${ms(Math.max(...whole))}`,
  );
  const fixed = (values: readonly number[]): string => `median ${percentile(values, 50).toFixed(2)} ms, p95 ${percentile(values, 95).toFixed(2)} ms, max ${Math.max(...values).toFixed(1)} ms`;
  console.log(`host steps per answer: counting in the player's moves (wall time from the answer to its mark, run in slices of ${SLICE_MS} ms) ${fixed(counting)}; marks ${fixed(marking)}; worker start (not in the review's clock) ${fixed(workerStarts)}`);
  console.log(
    `max event-loop delay of the host thread during the reviews: ${maxStall.toFixed(1)} ms (monitorEventLoopDelay), ${watch.maxWall.toFixed(1)} ms between two ticks of a 1 ms timer; ` +
      (threadCpu ? `max event-loop block (this thread's CPU time within one such gap): ${watch.maxCpu.toFixed(1)} ms` : 'this Node cannot tell CPU time per thread (Node 24 can)'),
  );
}

async function main(): Promise<void> {
  const client = new SolverClient(join(__dirname, '..', '..', '..', 'dist', 'solverWorker.js'));
  console.log(`budgets: par ${JSON.stringify(PAR_BUDGET)}, review ${JSON.stringify(REVIEW_BUDGET)} per position; one worker`);
  await parFigures(client, 'bakers-game', option('deals', 1000));
  await parFigures(client, 'bakers-dozen', option('dozen', 200));
  await client.dispose();
  await reviewFigures(option('games', 100), option('seed', 7));
}

void main();
