import type { SolveAnswer, SolveRequest, SolverBudget, SolverPosition, SolverToHostMessage } from '../../protocol/solverMessages';
import { rejectAll, settleAnswer } from '../../solver/movePacking';
import type { SolverBackend } from '../assist/solverService';

/** What the client uses of a Web Worker (`Worker` in a browser). */
export interface WebWorkerLike {
  postMessage(message: unknown): void;
  terminate(): void;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  onerror: ((event: { readonly message?: string; preventDefault?(): void }) => void) | null;
}

/** Starts a worker running `dist/web/solverWorker.js`. */
export type WebWorkerFactory = () => Promise<WebWorkerLike>;

interface Pending {
  readonly request: SolveRequest;
  resolve(answer: SolveAnswer): void;
  reject(error: Error): void;
  readonly onProgress?: (nodes: number, millis: number) => void;
  /** The last progress the worker reported: what a cancelled answer says was searched. */
  nodes: number;
  millis: number;
}

/**
 * The host side of the solver's Web Worker, for the browser's extension host: starts the worker
 * lazily, sends requests in order, and cancels the one being solved by stopping the worker (a
 * browser has no shared memory for a cancel flag without cross-origin isolation); the requests
 * behind it go to a new worker. A worker that fails rejects what it was given; the next request
 * starts another. A worker that cannot be started at all (it fails before it says it is ready)
 * hands its requests, and all later ones, to `fallback` when one is given.
 */
export class WebSolverClient implements SolverBackend {
  private worker: Promise<WebWorkerLike> | undefined;
  /** Requests sent and not answered, in the order the worker takes them. */
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private disposed = false;
  private workerNumber = 0;
  starts = 0;

  /** Set once no worker could be started: it takes every request. */
  private fallen: SolverBackend | undefined;

  constructor(
    private readonly startWorker: WebWorkerFactory,
    private readonly fallback?: () => SolverBackend,
  ) {}

  /** Whether the requests go to the fallback, since no worker could be started. */
  get usingFallback(): boolean {
    return this.fallen !== undefined;
  }

  get threadId(): number | undefined {
    return this.worker ? this.workerNumber : undefined;
  }

  solve(
    position: SolverPosition,
    options: { budget?: SolverBudget; shorten?: boolean; signal?: AbortSignal; onProgress?: (nodes: number, millis: number) => void } = {},
  ): { readonly result: Promise<SolveAnswer> } {
    if (this.disposed) throw new Error('WebSolverClient is disposed');
    if (this.fallen) return this.fallen.solve(position, options);
    const id = this.nextId++;
    const request: SolveRequest = { type: 'solve', id, variant: position.variant, position, budget: options.budget, shorten: options.shorten };
    const result = new Promise<SolveAnswer>((resolve, reject) => this.pending.set(id, { request, resolve, reject, onProgress: options.onProgress, nodes: 0, millis: 0 }));
    this.send(request);
    const { signal } = options;
    if (signal) {
      if (signal.aborted) this.cancel(id);
      else signal.addEventListener('abort', () => this.cancel(id), { once: true });
    }
    return { result };
  }

  /** Ends request `id` at once as `unknown` (reason `cancelled`). */
  cancel(id: number): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    const running = this.pending.keys().next().value === id;
    this.pending.delete(id);
    pending.resolve({ type: 'result', id, verdict: 'unknown', nodes: pending.nodes, millis: pending.millis, peakBytes: 0, reason: 'cancelled' });
    if (!running) {
      void this.worker?.then((worker) => worker.postMessage({ type: 'cancel', id }), () => undefined);
      return;
    }
    // The search is synchronous: the worker would read a message only after it. Stop it, and
    // give the requests behind to a new one.
    this.drop();
    for (const next of this.pending.values()) this.send(next.request);
  }

  stopWorker(): Promise<void> {
    this.drop();
    this.failAll(new Error('solver worker stopped'));
    return Promise.resolve();
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    await this.stopWorker();
    await this.fallen?.dispose();
  }

  private send(request: SolveRequest): void {
    this.ensureWorker().then(
      (worker) => worker.postMessage(request),
      (error: unknown) => this.cannotStart(error instanceof Error ? error : new Error(String(error))),
    );
  }

  private ensureWorker(): Promise<WebWorkerLike> {
    if (this.worker) return this.worker;
    const number = ++this.workerNumber;
    this.starts++;
    const started = this.startWorker().then((worker) => {
      let ready = false;
      worker.onmessage = ({ data }) => {
        if (this.workerNumber !== number) return;
        ready = true;
        this.receive(data as SolverToHostMessage);
      };
      worker.onerror = (event) => {
        event.preventDefault?.();
        if (this.workerNumber !== number) return;
        const error = new Error(`solver worker failed: ${event.message ?? 'unknown error'}`);
        if (!ready) return this.cannotStart(error);
        this.drop();
        this.failAll(error);
      };
      return worker;
    });
    this.worker = started;
    return started;
  }

  /** Stops the current worker, if any; its late messages are ignored. */
  private drop(): void {
    const worker = this.worker;
    this.worker = undefined;
    this.workerNumber++;
    void worker?.then((running) => running.terminate(), () => undefined);
  }

  /** No worker could be started: the fallback takes the requests waiting and every later one. */
  private cannotStart(error: Error): void {
    this.drop();
    if (!this.fallback || this.disposed) return this.failAll(error);
    const fallen = (this.fallen ??= this.fallback());
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const pending of waiting) {
      const { position, budget, shorten } = pending.request;
      fallen.solve(position, { budget, shorten }).result.then(
        (answer) => pending.resolve(answer),
        (error: unknown) => pending.reject(error instanceof Error ? error : new Error(String(error))),
      );
    }
  }

  private receive(message: SolverToHostMessage): void {
    if (message.type === 'ready' || message.id === null) return;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.type === 'progress') {
      pending.nodes = message.nodes;
      pending.millis = message.millis;
      pending.onProgress?.(message.nodes, message.millis);
      return;
    }
    this.pending.delete(message.id);
    settleAnswer(pending, message);
  }

  private failAll(error: Error): void {
    rejectAll(this.pending, error);
  }
}
