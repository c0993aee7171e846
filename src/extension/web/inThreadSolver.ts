import type { SolveAnswer, SolverBudget, SolverPosition } from '../../protocol/solverMessages';
import { checkRequest } from '../../solver/request';
import { budgetLimits, solve } from '../../solver/solve';
import type { SolverBackend } from '../assist/solverService';

/** The longest a search may hold the extension host's thread when no worker can be started. */
export const IN_THREAD_SLICE_MS = 15;

/**
 * The solver where no Web Worker can be started: on the extension host's own thread, each
 * request cut to {@link IN_THREAD_SLICE_MS} ms so the host is never blocked for longer (the
 * search cannot be resumed, so a deal it cannot settle in that time stays `unknown`).
 */
export class InThreadSolver implements SolverBackend {
  readonly starts = 0;
  readonly threadId = undefined;

  solve(position: SolverPosition, options: { budget?: SolverBudget; shorten?: boolean; signal?: AbortSignal }): { readonly result: Promise<SolveAnswer> } {
    const result = new Promise<SolveAnswer>((resolve, reject) => {
      // A turn of the event loop first: the caller's own work (a reply to the webview) goes out before.
      setTimeout(() => {
        const checked = checkRequest({ type: 'solve', id: 0, variant: position.variant, position, budget: options.budget });
        if (!checked.ok) return reject(new Error(checked.message));
        const limits = budgetLimits(options.budget);
        const found = solve(checked.position, {
          ...limits,
          maxMillis: Math.min(limits.maxMillis ?? Number.POSITIVE_INFINITY, IN_THREAD_SLICE_MS),
          shorten: options.shorten,
          signal: options.signal,
        });
        resolve({ type: 'result', id: 0, verdict: found.verdict, moves: found.moves, nodes: found.nodes, millis: found.millis, peakBytes: found.peakBytes, reason: found.reason });
      }, 0);
    });
    return { result };
  }

  async stopWorker(): Promise<void> {}

  async dispose(): Promise<void> {}
}
