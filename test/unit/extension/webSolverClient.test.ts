import * as assert from 'node:assert/strict';
import type { SolverBackend } from '../../../src/extension/assist/solverService';
import { WebSolverClient, type WebWorkerLike } from '../../../src/extension/web/webSolverClient';
import type { SolveAnswer, SolveRequest, SolverPosition, SolverToHostMessage } from '../../../src/protocol/solverMessages';
import { packMoves } from '../../../src/solver/movePacking';

/** A Web Worker stand-in: records what it is sent; the test answers for it. */
class FakeWorker implements WebWorkerLike {
  readonly posted: Array<{ type: string; id: number }> = [];
  terminated = false;
  onmessage: ((event: { readonly data: unknown }) => void) | null = null;
  onerror: ((event: { readonly message?: string; preventDefault?(): void }) => void) | null = null;
  postMessage(message: unknown): void {
    this.posted.push(message as { type: string; id: number });
  }
  terminate(): void {
    this.terminated = true;
  }
  say(message: SolverToHostMessage): void {
    this.onmessage?.({ data: message });
  }
  fail(message: string): void {
    this.onerror?.({ message });
  }
}

const POSITION: SolverPosition = { variant: 'bakers-game', columns: [[0]], cells: [null, null, null, null], foundations: [[], [], [], []] };
const MOVE = { from: { kind: 'tableau', index: 2 }, to: { kind: 'cell', index: 1 }, count: 1 } as const;
const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

function setUp(fallback?: () => SolverBackend): { client: WebSolverClient; workers: FakeWorker[] } {
  const workers: FakeWorker[] = [];
  const client = new WebSolverClient(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return Promise.resolve(worker);
  }, fallback);
  return { client, workers };
}

describe('the solver client for a Web Worker (browser host)', () => {
  it('starts one worker lazily, sends requests in order, and unpacks the moves of an answer', async () => {
    const { client, workers } = setUp();
    assert.equal(client.threadId, undefined);
    const first = client.solve(POSITION, { budget: { maxNodes: 10 } }).result;
    const second = client.solve(POSITION, {}).result;
    await tick();
    assert.equal(workers.length, 1);
    assert.deepEqual(workers[0].posted.map((message) => message.id), [1, 2]);
    assert.deepEqual((workers[0].posted[0] as unknown as SolveRequest).budget, { maxNodes: 10 });
    workers[0].say({ type: 'ready' });
    workers[0].say({ type: 'result', id: 1, verdict: 'solvable', moves: packMoves([MOVE]), nodes: 5, millis: 1, peakBytes: 0 });
    workers[0].say({ type: 'error', id: 2, message: 'bad position' });
    assert.deepEqual((await first).moves, [MOVE]);
    await assert.rejects(second, /bad position/);
    assert.notEqual(client.threadId, undefined);
  });

  it('cancelling the request being solved stops the worker at once and gives the rest to a new one', async () => {
    const { client, workers } = setUp();
    const abort = new AbortController();
    const running = client.solve(POSITION, { signal: abort.signal }).result;
    const queued = client.solve(POSITION, {}).result;
    await tick();
    workers[0].say({ type: 'ready' });
    workers[0].say({ type: 'progress', id: 1, nodes: 1234, millis: 100 });
    abort.abort();
    const answer: SolveAnswer = await running;
    assert.equal(answer.verdict, 'unknown');
    assert.equal(answer.reason, 'cancelled');
    assert.equal(answer.nodes, 1234, 'says how far the search got');
    await tick();
    assert.equal(workers[0].terminated, true);
    assert.equal(workers.length, 2);
    assert.deepEqual(workers[1].posted.map((message) => message.id), [2]);
    // A late answer of the stopped worker is not taken for the new one's.
    workers[0].say({ type: 'result', id: 2, verdict: 'unsolvable', nodes: 1, millis: 1, peakBytes: 0 });
    workers[1].say({ type: 'result', id: 2, verdict: 'solvable', moves: packMoves([]), nodes: 9, millis: 1, peakBytes: 0 });
    assert.equal((await queued).verdict, 'solvable');
    assert.equal(client.starts, 2);
  });

  it('cancelling a queued request tells the worker and leaves the running one alone', async () => {
    const { client, workers } = setUp();
    const abort = new AbortController();
    void client.solve(POSITION, {}).result;
    const queued = client.solve(POSITION, { signal: abort.signal }).result;
    await tick();
    abort.abort();
    assert.equal((await queued).reason, 'cancelled');
    await tick();
    assert.equal(workers[0].terminated, false);
    assert.deepEqual(workers[0].posted.at(-1), { type: 'cancel', id: 2 });
  });

  it('a worker that fails after it started rejects its requests; the next request starts another', async () => {
    const { client, workers } = setUp();
    const pending = client.solve(POSITION, {}).result;
    await tick();
    workers[0].say({ type: 'ready' });
    workers[0].fail('out of memory');
    await assert.rejects(pending, /out of memory/);
    void client.solve(POSITION, {}).result;
    await tick();
    assert.equal(workers.length, 2);
    assert.equal(client.usingFallback, false);
  });

  it('where no worker can start, the fallback takes the waiting requests and every later one', async () => {
    const solved: SolverPosition[] = [];
    const fallback: SolverBackend = {
      starts: 0,
      threadId: undefined,
      solve: (position) => {
        solved.push(position);
        return { result: Promise.resolve({ type: 'result', id: 0, verdict: 'unknown', nodes: 1, millis: 15, peakBytes: 0, reason: 'time' }) };
      },
      stopWorker: () => Promise.resolve(),
      dispose: () => Promise.resolve(),
    };
    const { client, workers } = setUp(() => fallback);
    const waiting = client.solve(POSITION, {}).result;
    await tick();
    workers[0].fail('blocked by the content security policy');
    assert.equal((await waiting).reason, 'time');
    assert.equal(client.usingFallback, true);
    assert.equal((await client.solve(POSITION, {}).result).millis, 15);
    assert.equal(solved.length, 2);
    assert.equal(workers.length, 1, 'no second worker is tried');
  });
});
