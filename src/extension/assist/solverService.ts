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

/**
 * The solver as the extension host sees it: a worker started on first use, stopped when idle,
 * started again after a crash; answers cached per position, so asking twice costs nothing.
 * The search never runs on the extension host's thread.
 */
export class SolverService implements vscode.Disposable {
  private client: SolverBackend | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private running = 0;
  private readonly cache = new Map<string, { answer: SolverAnswer; maxNodes: number; maxMillis: number }>();
  /** The positions along the solutions found, for a player who follows one (see {@link SolutionLines}). */
  private readonly lines = new SolutionLines();
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

  /** How many workers were started so far. */
  get workerStarts(): number {
    return this.client?.starts ?? 0;
  }

  /**
   * Decides a position. A known answer comes from the cache; `unknown` is cached too, but a
   * larger budget asks again.
   */
  async solve(
    position: Position,
    budget: SolverBudget,
    options: { signal?: AbortSignal; onProgress?: (nodes: number, millis: number) => void; shorten?: boolean } = {},
  ): Promise<SolverAnswer> {
    const key = positionKey(position);
    const maxNodes = budget.maxNodes ?? Number.POSITIVE_INFINITY;
    const maxMillis = budget.maxMillis ?? Number.POSITIVE_INFINITY;
    const known = this.cache.get(key);
    // An unknown answer stands until a budget larger in positions or in time asks (the rank-built
    // games' budgets are bounded by time alone).
    if (known && (known.answer.verdict !== 'unknown' || (known.maxNodes >= maxNodes && known.maxMillis >= maxMillis))) {
      // Touch it: the cache forgets the least recently used first.
      this.cache.delete(key);
      this.cache.set(key, known);
      return known.answer;
    }
    const rest = this.lines.rest(position);
    if (rest) return { verdict: 'solvable', moves: rest, nodes: 0, millis: 0 };
    this.client ??= this.startBackend();
    this.searchCount++;
    this.running++;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    try {
      const job = this.client.solve(position, { budget, shorten: options.shorten ?? true, signal: options.signal, onProgress: options.onProgress });
      const result = await job.result;
      const answer: SolverAnswer = {
        verdict: result.verdict,
        moves: (result.moves ?? []),
        nodes: result.nodes,
        millis: result.millis,
        ...(result.reason ? { reason: result.reason } : {}),
      };
      if (result.reason !== 'cancelled') this.remember(key, { answer, maxNodes, maxMillis });
      // Lines of shortened solutions only: a hint along the badge's first solution found would
      // show its detours.
      if (answer.verdict === 'solvable' && options.shorten !== false) this.lines.remember(position, answer.moves);
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

  private remember(key: string, entry: { answer: SolverAnswer; maxNodes: number; maxMillis: number }): void {
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
