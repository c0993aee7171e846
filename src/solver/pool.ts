/**
 * Batch solving on several cores: positions go to a few solver workers (`dist/solverWorker.js`,
 * one {@link SolverClient} each, two requests at a time per worker, solved in turn), and the results come back in
 * the order of the input, whatever order the workers finish in.
 */
import type { Position } from '../engine';
import type { SolverBudget } from '../protocol/solverMessages';
import { SolverClient } from './client';
import type { SolveResult } from './solve';

export interface PoolOptions {
  /** How many workers (at least 1). */
  readonly jobs: number;
  readonly budget?: SolverBudget;
  readonly shorten?: boolean;
  /** Old-generation heap limit of each worker, in MB (default 1024; the search's tables are typed arrays outside it). */
  readonly heapMb?: number;
}

/**
 * Solves `count` positions (`position(i)` is asked for lazily) on `jobs` workers and calls
 * `onResult(i, result)` in order of `i`: result `i` is passed on only after results 0 … i−1.
 */
export async function solveInPool(
  workerPath: string,
  count: number,
  position: (index: number) => Position,
  onResult: (index: number, result: SolveResult) => void,
  options: PoolOptions,
): Promise<void> {
  const workers = Math.max(1, Math.min(options.jobs, count));
  const clients = Array.from(
    { length: workers },
    () => new SolverClient(workerPath, { resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 1024 } }),
  );
  const done = new Map<number, SolveResult>();
  let next = 0;
  let emitted = 0;
  const flush = (): void => {
    while (done.has(emitted)) {
      const result = done.get(emitted)!;
      done.delete(emitted);
      onResult(emitted++, result);
    }
  };
  const lane = async (client: SolverClient): Promise<void> => {
    while (next < count) {
      const index = next++;
      const answer = await client.solve(position(index), { budget: options.budget, shorten: options.shorten }).result;
      done.set(index, {
        verdict: answer.verdict,
        moves: answer.moves,
        nodes: answer.nodes,
        millis: answer.millis,
        peakBytes: answer.peakBytes,
        reason: answer.reason,
      });
      flush();
    }
  };
  try {
    // Two lanes per worker: the next request already waits in the worker's queue when a result
    // is posted, so the worker does not sit idle for a round trip through the main thread.
    await Promise.all(clients.flatMap((client) => [lane(client), lane(client)]));
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
  }
}
