/**
 * `npm run bench:assist`: the figures of the solver at the player's side, measured through the
 * same worker client and budgets the extension host uses. Prints figures; asserts nothing.
 *
 * - per game (Baker's Game and the rank-built games: Baker's Dozen, Good Measure, Spanish
 *   Patience), over positions taken from random play of its deals (fresh worker answers, no
 *   cache): hint latency, median and 95th percentile, and the hint's verdicts;
 * - the badge (its smaller budget; shortened only in the rank-built games, where that is the pass
 *   that takes detours out): latency, 95th percentile, and the share of positions it decides;
 * - deals played to the end by their hints, as the host answers them (a position along a solution
 *   found is answered from it, {@link SolutionLines}): how many hints needed a search;
 * - event-loop delay of this (host-like) thread while the worker searches;
 * - memory: process RSS before the worker, with the worker at rest, and at the peak.
 *
 *   node out/test/bench/assist.js [--positions 200] [--seed 7] [--variant ID]
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { isWon, legalMoves, newGame, performMove, playMove, seededRandom, type Move, type Position, type VariantId } from '../../src/engine';
import { badgeBudget, badgeShortens, HINT_BUDGET } from '../../src/extension/assist/budgets';
import { SolutionLines } from '../../src/extension/assist/solutionLines';
import { SolverClient } from '../../src/solver/client';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Positions a player meets: a random number of random moves into random deals. */
function positions(variant: string, count: number, seed: number): Position[] {
  const random = seededRandom(seed);
  const found: Position[] = [];
  while (found.length < count) {
    const deal = 1 + Math.floor(random() * 1_000_000);
    const dealt = newGame(variant, deal);
    if (!dealt.ok) continue;
    let position = dealt.value.position;
    const depth = Math.floor(random() * 12);
    for (let i = 0; i < depth; i++) {
      const moves = legalMoves(position);
      if (moves.length === 0 || isWon(position)) break;
      position = performMove(position, moves[Math.floor(random() * moves.length)]);
    }
    found.push(position);
  }
  return found;
}

const rssMb = (): number => process.memoryUsage().rss / 2 ** 20;

const GAMES = ['bakers-game', 'bakers-dozen', 'good-measure', 'spanish-patience'];

async function main(): Promise<void> {
  const at = process.argv.indexOf('--variant');
  const games = at >= 0 ? [process.argv[at + 1]] : GAMES;
  for (const variant of games) await measure(variant);
}

async function measure(variant: string): Promise<void> {
  const count = option('positions', 200);
  const seed = option('seed', 7);
  const workerPath = join(__dirname, '..', '..', '..', 'dist', 'solverWorker.js');
  const sample = positions(variant, count, seed);
  const client = new SolverClient(workerPath, { resourceLimits: { maxOldGenerationSizeMb: 256 } });
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
  // One tiny request starts the worker; its memory then is the worker "at rest".
  await client.solve(sample[0], { budget: { maxNodes: 1 } }).result;
  await new Promise((resolve) => setTimeout(resolve, 200));
  const atRest = rssMb();

  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const hint: number[] = [];
  const hintWinnable: number[] = [];
  const verdicts = { solvable: 0, unsolvable: 0, unknown: 0 };
  for (const position of sample) {
    const started = performance.now();
    const result = await client.solve(position, { budget: HINT_BUDGET }).result;
    hint.push(performance.now() - started);
    if (result.verdict === 'solvable') hintWinnable.push(performance.now() - started);
    verdicts[result.verdict]++;
  }
  const badge: number[] = [];
  let badgeDecided = 0;
  for (const position of sample) {
    const started = performance.now();
    const result = await client.solve(position, { budget: badgeBudget(variant as VariantId), shorten: badgeShortens(variant as VariantId) }).result;
    badge.push(performance.now() - started);
    if (result.verdict !== 'unknown') badgeDecided++;
  }
  loop.disable();
  const byHints = await playedByHints(client, variant, 10);
  clearInterval(sampler);
  await client.dispose();

  const ms = (value: number): string => `${value.toFixed(1)} ms`;
  console.log(`\n${variant}: ${count} positions from random play of its deals (seed ${seed}); hint verdicts ${JSON.stringify(verdicts)}`);
  console.log(`hint latency:  median ${ms(percentile(hint, 50))}, p95 ${ms(percentile(hint, 95))}, max ${ms(Math.max(...hint))}   (goal: median < 50 ms, p95 < 250 ms)`);
  console.log(`  of which winnable positions (${hintWinnable.length}): median ${ms(percentile(hintWinnable, 50))}, p95 ${ms(percentile(hintWinnable, 95))}`);
  console.log(`badge: decided ${badgeDecided} of ${count} (${((100 * badgeDecided) / count).toFixed(1)}%) within its budget   (goal: at least 99%)`);
  console.log(`badge latency: median ${ms(percentile(badge, 50))}, p95 ${ms(percentile(badge, 95))}, max ${ms(Math.max(...badge))}   (goal: p95 < 300 ms; the host waits 120 ms more before asking)`);
  console.log(`deals 1-10 played to the end by their hints (auto-play on): ${byHints.hints} hints, ${byHints.searches} of them searched, ${byHints.won} deals won; hint latency median ${ms(percentile(byHints.millis, 50))}, p95 ${ms(percentile(byHints.millis, 95))}; the lines' work on the host thread at most ${ms(byHints.hostMax)} a call`);
  console.log(`event-loop delay of the host thread while the worker searched: p99 ${ms(loop.percentile(99) / 1e6)}, max ${ms(loop.max / 1e6)}   (goal: never above 20 ms)`);
  console.log(`memory (process RSS): ${before.toFixed(0)} MB before the worker, ${atRest.toFixed(0)} MB with the worker at rest, ${peak.toFixed(0)} MB at the peak`);
}

/**
 * Plays deals 1…`deals` by their hints, each answered as the host answers it: from a solution
 * found before when the position lies on one, else by a search (whose line is then remembered).
 */
async function playedByHints(
  client: SolverClient,
  variant: string,
  deals: number,
): Promise<{ hints: number; searches: number; won: number; millis: number[]; hostMax: number }> {
  const lines = new SolutionLines();
  const millis: number[] = [];
  let hostMax = 0;
  const onHost = <T>(work: () => T): T => {
    const started = performance.now();
    const result = work();
    hostMax = Math.max(hostMax, performance.now() - started);
    return result;
  };
  let searches = 0;
  let won = 0;
  for (let deal = 1; deal <= deals; deal++) {
    const dealt = newGame(variant, deal, { autoplay: true });
    if (!dealt.ok) continue;
    let game = dealt.value;
    while (!isWon(game.position)) {
      const started = performance.now();
      let moves: readonly Move[] | undefined = onHost(() => lines.rest(game.position));
      if (!moves) {
        searches++;
        const answer = await client.solve(game.position, { budget: HINT_BUDGET }).result;
        const found = answer.moves;
        if (answer.verdict === 'solvable' && found) onHost(() => lines.remember(game.position, found));
        moves = answer.verdict === 'solvable' ? answer.moves : undefined;
      }
      millis.push(performance.now() - started);
      const next = moves?.[0] ? playMove(game, moves[0]) : undefined;
      if (!next?.ok) break;
      game = next.value;
    }
    if (isWon(game.position)) won++;
  }
  return { hints: millis.length, searches, won, millis, hostMax };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
