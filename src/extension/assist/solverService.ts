import * as vscode from 'vscode';
import type { Move, Position } from '../../engine';
import type { SolveAnswer, SolverBudget, SolverPosition } from '../../protocol/solverMessages';
import { positionKey, SolutionLines } from './solutionLines';

/** A verdict from the solver, as the host uses it. */
export interface SolverAnswer {
  readonly verdict: 'solvable' | 'unsolvable' | 'unknown';
  /** Single-card moves to a win, for `solvable`. */
  readonly moves: readonly Move[];
  readonly nodes: number;
  readonly millis: number;
  /** Why `unknown`: a budget ran out, the request was cancelled, or the worker failed. */
  readonly reason?: string;
}

/**
 * What runs the search away from the extension host's thread: `SolverClient` (a
 * `worker_threads` worker) on a desktop, `WebSolverClient` (a Web Worker) in a browser.
 */
export interface SolverBackend {
  /** Sends a position to the worker, starting it when none runs. */
  solve(
    position: SolverPosition,
    options: { budget?: SolverBudget; shorten?: boolean; signal?: AbortSignal; onProgress?: (nodes: number, millis: number) => void },
  ): { readonly result: Promise<SolveAnswer> };
  /** Stops the worker (pending requests are rejected); the next request starts a new one. */
  stopWorker(): Promise<void>;
  /** Stops the worker for good. */
  dispose(): Promise<void>;
  /** How many workers were started so far. */
  readonly starts: number;
  /** An id of the running worker, `undefined` when none runs. */
  readonly threadId: number | undefined;
}

/** Stop the worker after this long without work: its memory goes back to the system. */
const IDLE_STOP_MS = 60_000;
const CACHE_SIZE = 256;

/** An answer kept for a position, with the budget it had and whether its solution was shortened. */
interface CachedAnswer {
  readonly answer: SolverAnswer;
  readonly maxNodes: number;
  readonly maxMillis: number;
  readonly shortened: boolean;
}

/**
 * The solver as the extension host sees it: a worker started on first use, stopped when idle,
 * started again after a crash; answers cached per position, so asking twice costs nothing.
 * The search never runs on the extension host's thread.
 */
export class SolverService implements vscode.Disposable {
  private client: SolverBackend | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private running = 0;
  private readonly cache = new Map<string, CachedAnswer>();
  /** The positions along the solutions found, for a player who follows one (see {@link SolutionLines}). */
  private readonly lines = new SolutionLines();
  /** The searches running now, by position: a request for the same position waits for its answer. */
  private readonly inFlight = new Map<string, { readonly answer: Promise<SolverAnswer>; readonly shortened: boolean }>();
  private crashReported = false;

  constructor(
    private readonly startBackend: () => SolverBackend,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** Whether a worker thread is running now (for tests and figures). */
  get workerRunning(): boolean {
    return this.client?.threadId !== undefined;
  }

  /** How many searches were asked of the worker (answers from memory not counted; for tests and figures). */
  get searches(): number {
    return this.searchCount;
  }
  private searchCount = 0;

  /** Whether a search for `position` is running now (for tests). */
  isSearching(position: Position): boolean {
    return this.inFlight.has(positionKey(position));
  }

  /** How many workers were started so far. */
  get workerStarts(): number {
    return this.client?.starts ?? 0;
  }

  /**
   * Decides a position. A known answer comes from the cache; `unknown` is cached too, but a
   * larger budget asks again; a solution that was not shortened (the badge's, in the cell games)
   * does not serve a request for a shortened one. A position along a solution found and
   * shortened before is answered with the rest of it.
   */
  async solve(
    position: Position,
    budget: SolverBudget,
    options: { signal?: AbortSignal; onProgress?: (nodes: number, millis: number) => void; shorten?: boolean } = {},
  ): Promise<SolverAnswer> {
    const key = positionKey(position);
    const maxNodes = budget.maxNodes ?? Number.POSITIVE_INFINITY;
    const maxMillis = budget.maxMillis ?? Number.POSITIVE_INFINITY;
    const shortened = options.shorten !== false;
    const known = this.cache.get(key);
    // An unknown answer stands until a budget larger in positions or in time asks (the rank-built
    // games' budgets are bounded by time alone). Hints follow shortened solutions only: the first
    // moves of the badge's solutions, each found anew after a move, can go back and forth for ever.
    const verdict = known?.answer.verdict;
    const serves =
      verdict === 'unsolvable' ||
      (verdict === 'solvable' && (known?.shortened === true || !shortened)) ||
      (verdict === 'unknown' && known !== undefined && known.maxNodes >= maxNodes && known.maxMillis >= maxMillis);
    if (known && serves) {
      // Touch it: the cache forgets the least recently used first.
      this.cache.delete(key);
      this.cache.set(key, known);
      return known.answer;
    }
    const rest = this.lines.rest(position);
    if (rest) return { verdict: 'solvable', moves: rest, nodes: 0, millis: 0 };
    // The same position is being searched already (the badge, most often, when Hint is asked
    // right after a move): its answer, when it decides, serves this request too. Otherwise this
    // request would wait behind it in the worker's queue and then search again from scratch.
    const running = this.inFlight.get(key);
    if (running && (running.shortened || !shortened) && !options.onProgress) {
      const joined = await abortable(running.answer, options.signal);
      if (joined === undefined) return { verdict: 'unknown', moves: [], nodes: 0, millis: 0, reason: 'cancelled' };
      if (joined.verdict !== 'unknown') return joined;
      return this.solve(position, budget, options);
    }
    const search = this.search(key, position, budget, { ...options, shorten: shortened }, known);
    const entry = { answer: search, shortened };
    this.inFlight.set(key, entry);
    try {
      return await search;
    } finally {
      if (this.inFlight.get(key) === entry) this.inFlight.delete(key);
    }
  }

  /** Asks the worker (the cache and the solution lines could not answer). */
  private async search(
    key: string,
    position: Position,
    budget: SolverBudget,
    options: { signal?: AbortSignal; onProgress?: (nodes: number, millis: number) => void; shorten: boolean },
    known: CachedAnswer | undefined,
  ): Promise<SolverAnswer> {
    const maxNodes = budget.maxNodes ?? Number.POSITIVE_INFINITY;
    const maxMillis = budget.maxMillis ?? Number.POSITIVE_INFINITY;
    const shortened = options.shorten;
    const verdict = known?.answer.verdict;
    this.client ??= this.startBackend();
    this.searchCount++;
    this.running++;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    try {
      const job = this.client.solve(position, { budget, shorten: shortened, signal: options.signal, onProgress: options.onProgress });
      const result = await job.result;
      const answer: SolverAnswer = {
        verdict: result.verdict,
        moves: (result.moves ?? []),
        nodes: result.nodes,
        millis: result.millis,
        ...(result.reason ? { reason: result.reason } : {}),
      };
      // A solution not shortened is better than no answer.
      if (answer.verdict === 'unknown' && verdict === 'solvable' && known) return known.answer;
      if (result.reason !== 'cancelled') this.remember(key, { answer, maxNodes, maxMillis, shortened });
      if (answer.verdict === 'solvable' && shortened) this.lines.remember(position, answer.moves);
      return answer;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.error(`The solver failed: ${message}`);
      if (!this.crashReported) {
        this.crashReported = true;
        void vscode.window.showWarningMessage(vscode.l10n.t('The solver stopped unexpectedly ({0}). It will start again on the next request.', message));
      }
      return { verdict: 'unknown', moves: [], nodes: 0, millis: 0, reason: 'failed' };
    } finally {
      this.running--;
      if (this.running === 0) this.idleTimer = setTimeout(() => void this.client?.stopWorker(), IDLE_STOP_MS);
    }
  }

  /** Stops the worker now (it starts again on the next request). */
  async stopWorker(): Promise<void> {
    await this.client?.stopWorker();
  }

  private remember(key: string, entry: CachedAnswer): void {
    this.cache.set(key, entry);
    if (this.cache.size > CACHE_SIZE) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }

  dispose(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    void this.client?.dispose();
    this.client = undefined;
  }
}

/** The promise's value, or `undefined` as soon as `signal` aborts (the promise itself goes on). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
