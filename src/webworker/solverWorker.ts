/**
 * The solver's Web Worker entry (bundled to `dist/web/solverWorker.js`), for the browser's web
 * worker extension host, which has no `worker_threads`. The same requests and answers as the
 * Node worker (`src/solver/worker.ts`): a position in, progress and a result (moves packed)
 * out, a malformed request answered with an `error`. Requests are solved one at a time, in
 * order. A browser gives no shared memory without cross-origin isolation, so there is no
 * shared cancel flag: the host cancels the request being solved by stopping this worker, and a
 * queued one by a `cancel` message, read before the request is started.
 */
import type { HostToSolverMessage, SolveRequest, SolverToHostMessage } from '../protocol/solverMessages';
import { answerOf } from '../solver/movePacking';
import { checkRequest } from '../solver/request';
import { budgetLimits, solve } from '../solver/solve';

/** What this file uses of a dedicated worker's global scope. */
interface WorkerScope {
  postMessage(message: SolverToHostMessage): void;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;
const PROGRESS_EVERY_MS = 100;
const queue: SolveRequest[] = [];
const cancelled = new Set<number>();
let scheduled = false;

function run(request: SolveRequest): void {
  const checked = checkRequest(request);
  if (!checked.ok) {
    scope.postMessage({ type: 'error', id: request.id, message: checked.message });
    return;
  }
  const { id } = request;
  let lastProgress = 0;
  const result = solve(checked.position, {
    ...budgetLimits(request.budget),
    shorten: request.shorten,
    onProgress: ({ nodes, millis }) => {
      if (millis - lastProgress < PROGRESS_EVERY_MS) return;
      lastProgress = millis;
      scope.postMessage({ type: 'progress', id, nodes, millis });
    },
  });
  scope.postMessage({ type: 'result', id, ...answerOf(result) });
}

/** Solves the next queued request, one per task, so that messages that came meanwhile are read first. */
function pump(): void {
  scheduled = false;
  const request = queue.shift();
  if (!request) return;
  if (cancelled.delete(request.id)) {
    scope.postMessage({ type: 'result', id: request.id, verdict: 'unknown', nodes: 0, millis: 0, peakBytes: 0, reason: 'cancelled' });
  } else {
    try {
      run(request);
    } catch (error) {
      scope.postMessage({ type: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) });
    }
  }
  schedule();
}

function schedule(): void {
  if (scheduled || queue.length === 0) return;
  scheduled = true;
  setTimeout(pump, 0);
}

scope.onmessage = ({ data }) => {
  const request = data as HostToSolverMessage | null;
  if (typeof request !== 'object' || request === null || !Number.isSafeInteger((request as { id?: unknown }).id)) {
    scope.postMessage({ type: 'error', id: null, message: 'a request needs a type and an integer id' });
    return;
  }
  if (request.type === 'cancel') cancelled.add(request.id);
  else if (request.type === 'solve') {
    queue.push(request);
    schedule();
  } else scope.postMessage({ type: 'error', id: request.id, message: `unsupported request type ${JSON.stringify(request.type)} in the web worker` });
};

scope.postMessage({ type: 'ready' });
