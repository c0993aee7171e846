import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { dealPosition, type Position } from '../../../src/engine';
import { SolverClient } from '../../../src/solver';
import { assertWins } from './support';

const root = resolve(__dirname, '../../../..');
const workerPath = join(root, 'dist/solverWorker.js');

function deal(variant: string, n: number): Position {
  const dealt = dealPosition(variant, n);
  if (!dealt.ok) throw new Error('deal');
  return dealt.value;
}

describe('solver worker and client', function () {
  this.timeout(30000);
  let client: SolverClient;
  before(() => assert.ok(existsSync(workerPath), `${workerPath} is missing: run node scripts/build.mjs first`));
  beforeEach(() => {
    client = new SolverClient(workerPath);
  });
  afterEach(async () => {
    await client.dispose();
  });

  it('answers a request with a solution that wins', async () => {
    const position = deal('bakers-game', 1);
    const result = await client.solve(position).result;
    assert.equal(result.type, 'result');
    assert.equal(result.verdict, 'solvable');
    assertWins(position, result.moves ?? [], 'worker deal 1');
    const lost = await client.solve(deal('bakers-game', 10)).result;
    assert.equal(lost.verdict, 'unsolvable');
  });

  it('cancels a running search within 50 ms (unknown, cancelled), then keeps working', async () => {
    // Baker's Dozen deal 4 runs for seconds.
    let progressed = 0;
    const job = client.solve(deal('bakers-dozen', 4), { onProgress: () => progressed++, budget: { maxNodes: 1e9 } });
    await new Promise((done) => setTimeout(done, 300));
    const asked = performance.now();
    job.cancel();
    const result = await job.result;
    const latency = performance.now() - asked;
    assert.equal(result.verdict, 'unknown');
    assert.equal(result.reason, 'cancelled');
    assert.ok(latency < 50, `cancelled after ${latency.toFixed(1)} ms`);
    assert.ok(progressed > 0, 'progress messages arrived');
    const next = await client.solve(deal('bakers-game', 2)).result;
    assert.equal(next.verdict, 'solvable');
  });

  it('an AbortSignal cancels too', async () => {
    const controller = new AbortController();
    const job = client.solve(deal('bakers-dozen', 4), { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const result = await job.result;
    assert.equal(result.verdict, 'unknown');
  });

  it('a malformed request gets an error reply and the worker survives', async () => {
    const bad = { variant: 'bakers-game', columns: [[1, 2]], cells: [], foundations: [] };
    await assert.rejects(client.solve(bad).result, /column/);
    await assert.rejects(client.solve({ ...deal('bakers-game', 1), variant: 'chess' }).result, /unknown variant/);
    const threadId = client.threadId;
    const ok = await client.solve(deal('bakers-game', 3)).result;
    assert.equal(ok.verdict, 'solvable');
    assert.equal(client.threadId, threadId, 'same worker');
    assert.equal(client.starts, 1);
  });

  it('a budget gives unknown, never unsolvable', async () => {
    const result = await client.solve(deal('bakers-game', 10), { budget: { maxNodes: 100 } }).result;
    assert.equal(result.verdict, 'unknown');
    assert.equal(result.reason, 'nodes');
  });

  it('restarts the worker after it stops, rejecting what was pending', async () => {
    const first = client.solve(deal('bakers-dozen', 4), { budget: { maxNodes: 1e9 } });
    await new Promise((done) => setTimeout(done, 100));
    const rejected = assert.rejects(first.result, /stopped/);
    await client.stopWorker();
    await rejected;
    const again = await client.solve(deal('bakers-game', 2)).result;
    assert.equal(again.verdict, 'solvable');
    assert.equal(client.starts, 2);
  });
});
