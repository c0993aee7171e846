/**
 * Batch solving of a range of deals on several cores: this thread and `jobs − 1` solver workers
 * (`dist/solverWorker.js`, one {@link SolverClient} each) take deals from one shared counter, so
 * no thread waits for another to hand it work and no message goes to a worker per deal; the
 * results are passed on in deal order, whatever order the threads finish in. This thread solves
 * too, rather than only hand out work: one isolate fewer to start and to warm up.
 */
import type { VariantId } from '../engine';
import type { SolveAnswer, SolverBudget } from '../protocol/solverMessages';
import { SolverClient, type DealsJob } from './client';
import { compactShorter } from './compact';
import { dealtPosition } from './dealt';
import { budgetLimits, solve, type SolveResult } from './solve';

/** How often the solving thread lets its event loop run, at most. */
const YIELD_EVERY_MS = 50;

export interface PoolOptions {
  /** How many threads solve, this one included (at least 1; 1 solves here only). */
  readonly jobs: number;
  readonly budget?: SolverBudget;
  readonly shorten?: boolean;
  /** Old-generation heap limit of each worker, in MB (default 1024; the search's tables are typed arrays outside it). */
  readonly heapMb?: number;
  /** Workers to use instead of `jobs − 1` new ones (left running afterwards, for a second range on warm threads). */
  readonly helpers?: readonly SolverClient[];
}

/**
 * Solves deals `first` … `first + count − 1` of `variant` and calls `onResult(i, result)` in
 * order of `i` (the index in the range): result `i` is passed on only after results 0 … i−1.
 */
export async function solveDealsInPool(
  workerPath: string,
  variant: VariantId,
  first: number,
  count: number,
  onResult: (index: number, result: SolveResult) => void,
  options: PoolOptions,
): Promise<void> {
  const next = new SharedArrayBuffer(4);
  const counter = new Int32Array(next);
  const helpers =
    options.helpers ??
    Array.from(
      { length: Math.max(0, Math.min(options.jobs, count) - 1) },
      () => new SolverClient(workerPath, { resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 1024 } }),
    );
  const done = new Map<number, SolveResult>();
  let emitted = 0;
  const flush = (): void => {
    while (done.has(emitted)) {
      const result = done.get(emitted)!;
      done.delete(emitted);
      onResult(emitted++, result);
    }
  };
  const { budget, shorten } = options;
  let yieldAt = performance.now() + YIELD_EVERY_MS;
  // The workers leave the last pass of shortening to this thread: it compiles that code anyway,
  // and they then never do (on two cores, compiling is a good part of a short batch's time).
  const lastPassHere = shorten !== false;
  const fromWorker = (index: number, answer: SolveAnswer): void => {
    const { verdict, nodes, millis, peakBytes, reason } = answer;
    const moves = lastPassHere && answer.moves ? compactShorter(dealtPosition(variant, first + index), answer.moves, answer.alternative) : answer.moves;
    done.set(index, { verdict, moves, nodes, millis, peakBytes, reason });
    flush();
  };
  try {
    const jobs: DealsJob[] = helpers.map((client) =>
      client.solveDeals({ variant, first, count, next }, fromWorker, { budget, shorten, lastPassOnHost: lastPassHere }),
    );
    // Awaited once this thread's share is done; a worker that fails before is reported then.
    const workersDone = Promise.all(jobs.map((job) => job.done));
    workersDone.catch(() => {});
    for (let index = Atomics.add(counter, 0, 1); index < count; index = Atomics.add(counter, 0, 1)) {
      done.set(index, solve(dealtPosition(variant, first + index), { ...budgetLimits(budget), shorten }));
      // This thread's event loop does not run while it solves: the workers' results are read here,
      for (const job of jobs) job.poll();
      flush();
      // and now and then it gets a turn (for a closed output pipe, say).
      if (performance.now() >= yieldAt) {
        await new Promise((resume) => setImmediate(resume));
        yieldAt = performance.now() + YIELD_EVERY_MS;
      }
    }
    await workersDone;
    flush();
    if (emitted !== count) throw new Error(`solver pool: ${count - emitted} of ${count} results missing`);
  } finally {
    if (!options.helpers) await Promise.all(helpers.map((client) => client.dispose()));
  }
}
