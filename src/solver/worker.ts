/**
 * The solver's `worker_threads` entry (bundled to `dist/solverWorker.js`). Requests are solved
 * one at a time, in order of arrival: a position, or a range of deals shared with other threads
 * (batch work: no message per deal from the host). The search is synchronous, so a `cancel` message could
 * only be read after it ends: the host also writes the id to cancel into the shared Int32Array
 * of `workerData.cancel`, which the search polls every few thousand positions (well under
 * 50 ms). A malformed request gets an `error` reply; the worker carries on.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type {
  HostToSolverMessage,
  SolveDealsRequest,
  SolveRequest,
  SolverToHostMessage,
  SolverWorkerData,
} from '../protocol/solverMessages';
import { answerOf } from './movePacking';
import { checkDealsRequest, checkRequest } from './request';
import { dealtPosition } from './dealt';
import { budgetLimits, solve } from './solve';

const port = parentPort;
if (!port) throw new Error('solverWorker.js must run in a worker thread');

const data = (workerData ?? {}) as SolverWorkerData;
const cancelFlag = data.cancel instanceof SharedArrayBuffer ? new Int32Array(data.cancel) : undefined;
/** Ids cancelled by message before they started. */
const cancelledEarly = new Set<number>();
const PROGRESS_EVERY_MS = 100;

function send(message: SolverToHostMessage): void {
  port!.postMessage(message);
}

/** The search's stop check for request `id`: the host wrote that id into the shared cancel flag. */
function cancelledBy(id: number): (() => boolean) | undefined {
  return cancelFlag ? () => Atomics.load(cancelFlag, 0) === id : undefined;
}

function run(request: SolveRequest): void {
  const checked = checkRequest(request);
  if (!checked.ok) {
    send({ type: 'error', id: request.id, message: checked.message });
    return;
  }
  const { id } = request;
  if (cancelledEarly.delete(id)) {
    send({ type: 'result', id, verdict: 'unknown', nodes: 0, millis: 0, peakBytes: 0, reason: 'cancelled' });
    return;
  }
  let lastProgress = 0;
  const result = solve(checked.position, {
    ...budgetLimits(request.budget),
    shorten: request.shorten,
    shouldStop: cancelledBy(id),
    onProgress: ({ nodes, millis }) => {
      if (millis - lastProgress < PROGRESS_EVERY_MS) return;
      lastProgress = millis;
      send({ type: 'progress', id, nodes, millis });
    },
  });
  send({ type: 'result', id, ...answerOf(result) });
}

/** Solves deals of the shared range until it is used up; each result goes to the request's port. */
function runDeals(raw: SolveDealsRequest): void {
  const checked = checkDealsRequest(raw);
  if (!checked.ok) {
    send({ type: 'error', id: raw.id, message: checked.message });
    return;
  }
  const { id } = raw;
  const { variant, first, count, next, port: results, budget, shorten, lastPassOnHost } = checked.request;
  const shouldStop = cancelledBy(id);
  try {
    // Cancelling stops the taking of new deals; the deal being solved ends as unknown.
    while (!cancelledEarly.has(id) && !shouldStop?.()) {
      const index = Atomics.add(next, 0, 1);
      if (index >= count) break;
      const result = solve(dealtPosition(variant, first + index), {
        ...budgetLimits(budget),
        shorten,
        compact: !lastPassOnHost,
        shouldStop,
      });
      results.postMessage({ type: 'deal-result', id, index, ...answerOf(result) });
    }
    results.postMessage({ type: 'deals-done', id });
  } finally {
    cancelledEarly.delete(id);
    results.close();
  }
}

port.on('message', (message: unknown) => {
  try {
    const request = message as HostToSolverMessage | null;
    if (typeof request !== 'object' || request === null || !Number.isSafeInteger((request as { id?: unknown }).id)) {
      send({ type: 'error', id: null, message: 'a request needs a type and an integer id' });
      return;
    }
    if (request.type === 'cancel') {
      cancelledEarly.add(request.id);
      return;
    }
    if (request.type === 'solve-deals') {
      runDeals(request);
      return;
    }
    if (request.type !== 'solve') {
      const unknownRequest = request as { id: number; type?: unknown };
      send({ type: 'error', id: unknownRequest.id, message: `unknown request type ${JSON.stringify(unknownRequest.type)}` });
      return;
    }
    run(request);
  } catch (error) {
    const id = (message as { id?: unknown } | null)?.id;
    send({ type: 'error', id: typeof id === 'number' ? id : null, message: error instanceof Error ? error.message : String(error) });
  }
});

send({ type: 'ready' });
