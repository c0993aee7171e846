/**
 * The host side of the solver worker: starts `dist/solverWorker.js` lazily, numbers requests,
 * cancels them at once through a shared flag, restarts the worker after a crash, and stops it on
 * `dispose()`. No `vscode` import: the extension host and tests use it alike.
 */
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort, type ResourceLimits } from 'node:worker_threads';
import { rejectAll, settleAnswer, unpackSolutions } from './movePacking';
import type {
  DealResultMessage,
  DealsDoneMessage,
  HostToSolverMessage,
  SolveAnswer,
  SolveDealsRequest,
  SolveRequest,
  SolverBudget,
  SolverPosition,
  SolverToHostMessage,
  SolverWorkerData,
} from '../protocol/solverMessages';

export interface SolverClientOptions {
  /** Limits for the worker's heap (default: 256 MB old generation; the search's tables are typed arrays, bounded by the budget's `maxBytes`). */
  readonly resourceLimits?: ResourceLimits;
}

export interface SolveJobOptions {
  readonly budget?: SolverBudget;
  readonly shorten?: boolean;
  readonly signal?: AbortSignal;
  readonly onProgress?: (nodes: number, millis: number) => void;
}

/** One request in flight. */
export interface SolveJob {
  readonly id: number;
  /** The worker's answer; rejected when the worker fails or the request is malformed. */
  readonly result: Promise<SolveAnswer>;
  cancel(): void;
}

/** A range of deals shared by several threads (see {@link SolverClient.solveDeals}). */
export interface DealRange {
  readonly variant: string;
  readonly first: number;
  readonly count: number;
  /** The shared counter: element 0 of an Int32Array over it is the next index of the range to take. */
  readonly next: SharedArrayBuffer;
}

/** The worker's part of a shared range of deals. */
export interface DealsJob {
  readonly id: number;
  /** Resolves when the worker has taken its last deal and every result it posted was passed on; rejects when the worker fails or refuses the request. */
  readonly done: Promise<void>;
  /** Passes on, at once, the results that have arrived (for a host whose event loop cannot run, between solves of its own). */
  poll(): void;
  /** The worker takes no more deals; the one it is solving ends as unknown. */
  cancel(): void;
}

interface Pending {
  resolve(result: SolveAnswer): void;
  reject(error: Error): void;
  onProgress?: (nodes: number, millis: number) => void;
}

export class SolverClient {
  private worker: Worker | undefined;
  private readonly cancelBuffer = new SharedArrayBuffer(8);
  private readonly cancelFlag = new Int32Array(this.cancelBuffer);
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private disposed = false;
  /** How many times a worker was started (for tests and diagnostics). */
  starts = 0;

  constructor(
    private readonly workerPath: string,
    private readonly options: SolverClientOptions = {},
  ) {}

  /** Sends a position to the worker. */
  solve(position: SolverPosition, options: SolveJobOptions = {}): SolveJob {
    if (this.disposed) throw new Error('SolverClient is disposed');
    const id = this.nextId++;
    const result = new Promise<SolveAnswer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress: options.onProgress });
    });
    const request: SolveRequest = { type: 'solve', id, variant: position.variant, position, budget: options.budget, shorten: options.shorten };
    this.post(request);
    const job: SolveJob = { id, result, cancel: () => this.cancel(id) };
    if (options.signal) {
      if (options.signal.aborted) job.cancel();
      else options.signal.addEventListener('abort', () => job.cancel(), { once: true });
    }
    return job;
  }

  /**
   * Has the worker solve deals of `range`, taking them from the shared counter until the range
   * is used up, beside other workers or the host itself taking from the same counter; each
   * result is passed to `onResult` with its index in the range.
   */
  solveDeals(
    range: DealRange,
    onResult: (index: number, answer: SolveAnswer) => void,
    options: Pick<SolveJobOptions, 'budget' | 'shorten'> & { readonly lastPassOnHost?: boolean } = {},
  ): DealsJob {
    if (this.disposed) throw new Error('SolverClient is disposed');
    const id = this.nextId++;
    const { port1: results, port2: workerEnd } = new MessageChannel();
    let open = true;
    const close = (): void => {
      if (!open) return;
      open = false;
      results.close();
    };
    let finished = (): void => {};
    const done = new Promise<void>((resolve, reject) => {
      finished = resolve;
      this.pending.set(id, {
        resolve: () => reject(new Error('solver worker answered a range of deals with a single result')),
        reject: (error) => {
          close();
          reject(error);
        },
      });
    });
    const receive = (message: DealResultMessage | DealsDoneMessage): void => {
      if (message.type === 'deals-done') {
        this.pending.delete(id);
        if (this.pending.size === 0) this.worker?.unref();
        close();
        finished();
        return;
      }
      const { index, id: answered, verdict, nodes, millis, peakBytes, reason } = message;
      onResult(index, { type: 'result', id: answered, verdict, ...unpackSolutions(message), nodes, millis, peakBytes, reason });
    };
    results.on('message', receive);
    const poll = (): void => {
      while (open) {
        const got = receiveMessageOnPort(results);
        if (!got) return;
        receive(got.message as DealResultMessage | DealsDoneMessage);
      }
    };
    const request: SolveDealsRequest = {
      type: 'solve-deals',
      id,
      ...range,
      port: workerEnd,
      budget: options.budget,
      shorten: options.shorten,
      lastPassOnHost: options.lastPassOnHost,
    };
    this.post(request, [workerEnd]);
    return { id, done, poll, cancel: () => this.cancel(id) };
  }

  /** Stops request `id`: its result becomes `unknown` (reason `cancelled`). */
  cancel(id: number): void {
    if (!this.pending.has(id) || !this.worker) return;
    Atomics.store(this.cancelFlag, 0, id);
    this.worker.postMessage({ type: 'cancel', id });
  }

  /** Sends any message as is (for tests of the worker's input checks). */
  postRaw(message: unknown): void {
    this.ensureWorker().postMessage(message);
  }

  /** Stops the worker and rejects what is still pending. */
  async dispose(): Promise<void> {
    this.disposed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('SolverClient disposed'));
    if (worker) await worker.terminate();
  }

  /**
   * Stops the worker now, to free its memory or recover from a stuck state: pending requests are
   * rejected, and the next request starts a new worker.
   */
  async stopWorker(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    this.failAll(new Error('solver worker stopped'));
    await worker.terminate();
  }

  /** The running worker's thread id, or undefined. */
  get threadId(): number | undefined {
    return this.worker?.threadId;
  }

  private post(message: HostToSolverMessage, transfer: readonly MessagePort[] = []): void {
    const worker = this.ensureWorker();
    worker.ref();
    worker.postMessage(message, transfer);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const workerData: SolverWorkerData = { cancel: this.cancelBuffer };
    const worker = new Worker(this.workerPath, {
      workerData,
      resourceLimits: this.options.resourceLimits ?? { maxOldGenerationSizeMb: 256 },
    });
    this.starts++;
    worker.on('message', (message: SolverToHostMessage) => this.receive(message));
    const gone = (error: Error): void => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failAll(error);
    };
    worker.on('error', (error: Error) => gone(error));
    worker.on('exit', (code) => gone(new Error(`solver worker exited with code ${code}`)));
    // The host should not stay alive just for an idle worker.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private receive(message: SolverToHostMessage): void {
    if (message.type === 'ready') return;
    if (message.id === null) return;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.type === 'progress') {
      pending.onProgress?.(message.nodes, message.millis);
      return;
    }
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker?.unref();
    settleAnswer(pending, message);
  }

  private failAll(error: Error): void {
    rejectAll(this.pending, error);
  }
}
