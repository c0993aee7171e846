/**
 * `npm run bench:winnability`: the share of winnable deals of the rank-built games (Baker's
 * Dozen, Good Measure, Spanish Patience), decided by the solver deal by deal, with a 95%
 * confidence interval (Wilson). The README's figures come from this command. Prints figures;
 * asserts nothing.
 *
 *   node out/test/bench/winnability.js [--deals 1-1000] [--variant ID] [--jobs N] [--max-seconds 10] [--max-memory-mb 1024]
 *     [--retry-seconds 120] [--retry-memory-mb 4096]
 *
 * Deals left undecided within the first budget are given the second (`--retry-seconds 0` skips
 * that), one at a time on this thread, so one command gives the whole figure.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { VariantId } from '../../src/engine';
import { solveDealsInPool } from '../../src/solver/pool';

const GAMES: readonly VariantId[] = ['bakers-dozen', 'good-measure', 'spanish-patience'];

/** The 95% Wilson score interval of `wins` out of `n`, in percent. */
export function wilson(wins: number, n: number): [number, number] {
  const z = 1.959964;
  const p = wins / n;
  const denominator = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denominator;
  return [100 * (centre - half), 100 * (centre + half)];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      deals: { type: 'string', default: '1-1000' },
      variant: { type: 'string' },
      jobs: { type: 'string', default: String(availableParallelism()) },
      'max-seconds': { type: 'string', default: '10' },
      'max-memory-mb': { type: 'string', default: '1024' },
      'retry-seconds': { type: 'string', default: '120' },
      'retry-memory-mb': { type: 'string', default: '4096' },
    },
  });
  const match = /^(\d+)-(\d+)$/.exec(values.deals);
  if (!match) throw new Error(`--deals needs A-B, not ${values.deals}`);
  const first = Number(match[1]);
  const count = Number(match[2]) - first + 1;
  const games = values.variant ? [values.variant as VariantId] : GAMES;
  const budget = { maxMillis: Number(values['max-seconds']) * 1000, maxBytes: Number(values['max-memory-mb']) * 2 ** 20, maxNodes: 1e12 };
  const workerPath = join(__dirname, '..', '..', '..', 'dist', 'solverWorker.js');
  const retry = { maxMillis: Number(values['retry-seconds']) * 1000, maxBytes: Number(values['retry-memory-mb']) * 2 ** 20, maxNodes: 1e12 };
  console.log(
    `deals ${values.deals}, ${values.jobs} threads, at most ${values['max-seconds']} s and ${values['max-memory-mb']} MB a deal` +
      (retry.maxMillis > 0 ? `; deals left undecided then get ${values['retry-seconds']} s and ${values['retry-memory-mb']} MB, one at a time` : ''),
  );
  for (const variant of games) {
    const counts = { solvable: 0, unsolvable: 0, unknown: 0 };
    const undecided: number[] = [];
    const started = performance.now();
    await solveDealsInPool(
      workerPath,
      variant,
      first,
      count,
      (index, result) => {
        counts[result.verdict]++;
        if (result.verdict === 'unknown') undecided.push(first + index);
      },
      { jobs: Number(values.jobs), budget, shorten: false },
    );
    const firstPass = { ...counts };
    const retried: string[] = [];
    for (const deal of retry.maxMillis > 0 ? [...undecided] : []) {
      const dealStarted = performance.now();
      await solveDealsInPool(
        workerPath,
        variant,
        deal,
        1,
        (_, result) => {
          retried.push(`${deal}: ${result.verdict}, ${result.nodes} positions, ${((performance.now() - dealStarted) / 1000).toFixed(1)} s`);
          if (result.verdict === 'unknown') return;
          counts.unknown--;
          counts[result.verdict]++;
          undecided.splice(undecided.indexOf(deal), 1);
        },
        { jobs: 1, budget: retry, shorten: false },
      );
    }
    const seconds = (performance.now() - started) / 1000;
    if (retried.length > 0) {
      console.log(`${variant}: within the first budget ${firstPass.solvable} winnable, ${firstPass.unsolvable} not winnable, ${firstPass.unknown} undecided; given the second:`);
      for (const line of retried) console.log(`  ${line}`);
    }
    const [low, high] = wilson(counts.solvable, count);
    const share = ((100 * counts.solvable) / count).toFixed(2);
    console.log(
      `${variant}: ${counts.solvable} winnable, ${counts.unsolvable} not winnable, ${counts.unknown} undecided of ${count}; ` +
        `winnable ${share}% (95% interval ${low.toFixed(2)}-${high.toFixed(2)}%${counts.unknown > 0 ? `, up to ${((100 * (counts.solvable + counts.unknown)) / count).toFixed(2)}% if every undecided deal is winnable` : ''}); ${seconds.toFixed(1)} s`,
    );
    if (undecided.length > 0) console.log(`  undecided: ${undecided.join(' ')}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
