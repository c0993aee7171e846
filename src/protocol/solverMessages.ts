/**
 * Messages between the extension host (or any other host) and the solver worker
 * (`dist/solverWorker.js`). Types only: the worker checks every request on arrival, since a
 * message is data from another thread, not a promise about its shape.
 */

/** A position as plain data, the shape of the engine's `Position` (cards are numbers 0–51: (rank − 1) · 4 + suit). */
export interface SolverPosition {
  readonly variant: string;
  readonly columns: readonly (readonly number[])[];
  readonly cells: readonly (number | null)[];
  readonly foundations: readonly (readonly number[])[];
}

/** A move as plain data, the shape of the engine's `Move`. */
export interface SolverMove {
  readonly from: { readonly kind: 'tableau' | 'cell' | 'foundation'; readonly index: number };
  readonly to: { readonly kind: 'tableau' | 'cell' | 'foundation'; readonly index: number };
  readonly count: number;
}

/** The limits of one solve; the worker's defaults apply to what is left out. */
export interface SolverBudget {
  readonly maxNodes?: number;
  readonly maxMillis?: number;
  readonly maxBytes?: number;
}

/**
 * Host → worker: decide deals `first` … `first + count − 1` of `variant`, a range shared with
 * other threads: each takes the next index from element 0 of `next` (an Int32Array over it,
 * with `Atomics.add`) until the range is used up, so that no thread waits for another and no
 * request goes back and forth per deal. Each result goes to `port` as a {@link DealResultMessage},
 * then a {@link DealsDoneMessage} says that this worker took its last index.
 */
export interface SolveDealsRequest {
  readonly type: 'solve-deals';
  readonly id: number;
  readonly variant: string;
  readonly first: number;
  readonly count: number;
  readonly next: SharedArrayBuffer;
  /**
   * Where the results go: a `MessagePort` of `node:worker_threads`, transferred with the
   * request, so that the host can read them between solves of its own.
   */
  readonly port: DealResultPort;
  readonly budget?: SolverBudget;
  /** Whether to shorten the solutions found (default true). */
  readonly shorten?: boolean;
  /**
   * Leave the last pass of shortening (the one that takes detours out of a solution found) to
   * the host, which then runs it on every solution of the range (default false).
   */
  readonly lastPassOnHost?: boolean;
}

/** The worker's view of a {@link SolveDealsRequest}'s port (protocol types import nothing, not even Node's). */
export interface DealResultPort {
  postMessage(message: DealResultMessage | DealsDoneMessage): void;
}

/** Host → worker: decide this position. `variant` must be the position's own variant id. */
export interface SolveRequest {
  readonly type: 'solve';
  readonly id: number;
  readonly variant: string;
  readonly position: SolverPosition;
  readonly budget?: SolverBudget;
  /** Whether to shorten a solution found (default true). */
  readonly shorten?: boolean;
}

/** Host → worker: stop the request with this id (its result is then `unknown`, reason `cancelled`). */
export interface CancelRequest {
  readonly type: 'cancel';
  readonly id: number;
}

/** Everything the host may send to the worker. */
export type HostToSolverMessage = SolveRequest | SolveDealsRequest | CancelRequest;

/** Worker → host, every few thousand positions while a request runs. */
export interface SolveProgressMessage {
  readonly type: 'progress';
  readonly id: number;
  readonly nodes: number;
  readonly millis: number;
}

/** Worker → host: the answer to a request. */
export interface SolveResultMessage {
  readonly type: 'result';
  readonly id: number;
  readonly verdict: 'solvable' | 'unsolvable' | 'unknown';
  /**
   * Single-card moves from the position to a win, for `solvable`, one Int32 each (a cheap
   * clone): from kind (tableau 0, cell 1, foundation 2) in bits 0–1, from index in bits 2–7,
   * the same for the target in bits 8–15, the count from bit 16 on.
   */
  readonly moves?: Int32Array;
  /**
   * With the last pass left to the host (`lastPassOnHost`): a second solution the search found
   * on the way, packed as `moves`; the host's pass keeps the shorter of the two.
   */
  readonly alternative?: Int32Array;
  readonly nodes: number;
  readonly millis: number;
  readonly peakBytes: number;
  readonly reason?: 'nodes' | 'time' | 'memory' | 'cancelled';
}

/** Worker → host, on a {@link SolveDealsRequest}'s port: the result of the deal at `index` of the range. */
export type DealResultMessage = Omit<SolveResultMessage, 'type'> & {
  readonly type: 'deal-result';
  readonly index: number;
};

/** Worker → host, on a {@link SolveDealsRequest}'s port, last: the range is used up for this worker. */
export interface DealsDoneMessage {
  readonly type: 'deals-done';
  readonly id: number;
}

/** A result as the host reads it: {@link SolveResultMessage} with its moves unpacked. */
export type SolveAnswer = Omit<SolveResultMessage, 'moves' | 'alternative'> & {
  /** Single-card moves from the position to a win, for `solvable`. */
  readonly moves?: readonly SolverMove[];
  /** A second solution for the host's last pass (see {@link SolveResultMessage.alternative}). */
  readonly alternative?: readonly SolverMove[];
};

/** Worker → host: the request could not be read (bad shape, unknown variant, invalid position). */
export interface SolveErrorMessage {
  readonly type: 'error';
  /** The request's id when it had one. */
  readonly id: number | null;
  readonly message: string;
}

/** Worker → host, once at start: the shared cancel flag is in use (element 0 of `workerData.cancel`). */
export interface SolverReadyMessage {
  readonly type: 'ready';
}

/** Everything the worker may send to the host. */
export type SolverToHostMessage = SolveProgressMessage | SolveResultMessage | SolveErrorMessage | SolverReadyMessage;

/**
 * What the host passes as `workerData`: a SharedArrayBuffer of at least 8 bytes seen as an
 * Int32Array; the host stores a request's id in element 0 to cancel it at once (the search
 * checks it every few thousand positions, without waiting for the event loop).
 */
export interface SolverWorkerData {
  readonly cancel?: SharedArrayBuffer;
}
