import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { dealPosition, type Position } from '../../../src/engine';
import { SolverClient, solve } from '../../../src/solver';
import { compact, compactShorter } from '../../../src/solver/compact';
import type { SolveAnswer } from '../../../src/protocol/solverMessages';
import { HARD_DEAL, assertWins } from './support';

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

  it('cancels a running search (unknown, cancelled), then keeps working', async () => {
    // HARD_DEAL runs for minutes. The cancel is sent once the search has reported
    // progress (it is running), not after a fixed sleep that a loaded machine can outlast.
    let progressed = 0;
    let reportedNodes = 0;
    let running = (): void => {};
    const started = new Promise<void>((resolve) => (running = resolve));
    const job = client.solve(deal(HARD_DEAL.variant, HARD_DEAL.deal), {
      onProgress: (nodes) => {
        progressed++;
        reportedNodes = nodes;
        running();
      },
      budget: { maxNodes: 1e9 },
    });
    await started;
    const asked = performance.now();
    job.cancel();
    const result = await job.result;
    // How fast the cancel is felt depends on the machine's load: printed, not asserted.
    console.log(`      cancelled after ${(performance.now() - asked).toFixed(1)} ms, ${result.nodes} positions`);
    assert.equal(result.verdict, 'unknown');
    assert.equal(result.reason, 'cancelled');
    assert.ok(progressed > 0, 'progress messages arrived');
    assert.ok(result.nodes >= reportedNodes, `the running search was stopped (${result.nodes} positions, ${reportedNodes} reported before the cancel)`);
    const next = await client.solve(deal('bakers-game', 2)).result;
    assert.equal(next.verdict, 'solvable');
  });

  it('an AbortSignal cancels too', async () => {
    const controller = new AbortController();
    const job = client.solve(deal(HARD_DEAL.variant, HARD_DEAL.deal), { signal: controller.signal, onProgress: () => controller.abort(), budget: { maxNodes: 1e9 } });
    const result = await job.result;
    assert.equal(result.verdict, 'unknown');
    assert.equal(result.reason, 'cancelled');
    assert.ok(result.nodes > 0, 'the search was running when aborted');
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
    let running = (): void => {};
    const started = new Promise<void>((resolve) => (running = resolve));
    const first = client.solve(deal(HARD_DEAL.variant, HARD_DEAL.deal), { budget: { maxNodes: 1e9 }, onProgress: () => running() });
    await started;
    const rejected = assert.rejects(first.result, /stopped/);
    await client.stopWorker();
    await rejected;
    const again = await client.solve(deal('bakers-game', 2)).result;
    assert.equal(again.verdict, 'solvable');
    assert.equal(client.starts, 2);
  });

  describe('a shared range of deals', () => {
    const range = (first: number, count: number, variant = 'bakers-game') => ({ variant, first, count, next: new SharedArrayBuffer(4) });

    it('two workers and this thread take deals from one counter: every index once, verdicts as alone, solutions that win', async () => {
      const other = new SolverClient(workerPath);
      try {
        // Both workers running before the range starts, so that each can get a share of it.
        await Promise.all([client, other].map((c) => c.solve(deal('bakers-game', 3)).result));
        const shared = range(1, 24);
        const counter = new Int32Array(shared.next);
        const byWorker = [new Map<number, SolveAnswer>(), new Map<number, SolveAnswer>()];
        const jobs = [client, other].map((c, w) => c.solveDeals(shared, (index, answer) => byWorker[w].set(index, answer)));
        // This thread takes its share too, as the pool does, and reads results while it works.
        const mine: number[] = [];
        for (let index = Atomics.add(counter, 0, 1); index < shared.count; index = Atomics.add(counter, 0, 1)) {
          mine.push(index);
          const until = performance.now() + 20;
          while (performance.now() < until) jobs.forEach((job) => job.poll());
        }
        await Promise.all(jobs.map((job) => job.done));
        const taken = [...mine, ...byWorker[0].keys(), ...byWorker[1].keys()].sort((a, b) => a - b);
        assert.deepEqual(taken, Array.from({ length: 24 }, (_, i) => i), 'each index taken by exactly one thread');
        // How the deals are split depends on the machine's load (one worker may take them all):
        // printed, not asserted. What is asserted: every index taken once, a result for each index a
        // worker took, and every result right.
        console.log(`      split: this thread ${mine.length}, workers ${byWorker[0].size} and ${byWorker[1].size}`);
        for (const results of byWorker) {
          for (const [index, answer] of results) {
            const position = deal('bakers-game', 1 + index);
            const alone = solve(position);
            assert.equal(answer.verdict, alone.verdict, `deal ${1 + index}`);
            assert.equal(answer.nodes, alone.nodes, `deal ${1 + index}: the same search`);
            if (answer.verdict === 'solvable') assertWins(position, answer.moves ?? [], `shared range, deal ${1 + index}`);
          }
        }
      } finally {
        await other.dispose();
      }
    });

    it('leaves the last pass of shortening to the host when asked: that pass run by the host gives the solution a worker doing it all gives', async () => {
      const first = 1;
      const count = 6;
      const raw = new Map<number, SolveAnswer>();
      await client.solveDeals(range(first, count), (index, answer) => raw.set(index, answer), { lastPassOnHost: true }).done;
      const whole = new Map<number, SolveAnswer>();
      await client.solveDeals(range(first, count), (index, answer) => whole.set(index, answer)).done;
      let shortened = 0;
      for (let index = 0; index < count; index++) {
        const position = deal('bakers-game', first + index);
        const left = raw.get(index)!;
        const done = whole.get(index)!;
        assert.equal(left.verdict, done.verdict);
        if (done.verdict !== 'solvable') continue;
        assert.deepEqual(left.moves, solve(position, { compact: false }).moves, `deal ${first + index}: the solution before the last pass`);
        assert.deepEqual(compactShorter(position, left.moves ?? [], left.alternative), done.moves, `deal ${first + index}: the host's last pass`);
        if ((left.moves ?? []).length > (done.moves ?? []).length) shortened++;
      }
      assert.ok(shortened > 0, 'the last pass shortened some of them');
    });

    it('with the last pass on the host, a second solution found on the way crosses over too, and the host keeps the shorter (Kings-only 133-140)', async () => {
      const first = 133;
      const count = 8;
      const raw = new Map<number, SolveAnswer>();
      await client.solveDeals(range(first, count, 'bakers-game-kings'), (index, answer) => raw.set(index, answer), { lastPassOnHost: true }).done;
      let secondWon = 0;
      for (let index = 0; index < count; index++) {
        const position = deal('bakers-game-kings', first + index);
        const left = raw.get(index)!;
        const alone = solve(position);
        assert.equal(left.verdict, alone.verdict, `deal ${first + index}`);
        if (alone.verdict !== 'solvable') continue;
        assert.deepEqual(left.alternative, solve(position, { compact: false }).alternative, `deal ${first + index}: the second solution as found`);
        const kept = compactShorter(position, left.moves ?? [], left.alternative);
        assert.deepEqual(kept, alone.moves, `deal ${first + index}: the host's pass gives what a thread doing it all gives`);
        assertWins(position, kept, `Kings-only deal ${first + index}`);
        if (kept.length < compact(position, left.moves ?? []).length) secondWon++;
      }
      // Deals 133, 138 and 140: the depth-first part's solution is the shorter after the pass.
      assert.ok(secondWon >= 3, `the second solution was kept for ${secondWon} deals`);
    });

    it('cancelling stops the range: the deal being solved ends as unknown and no further deal is taken', async () => {
      // The first deal runs for seconds.
      const shared = { variant: HARD_DEAL.variant, first: HARD_DEAL.deal, count: 3, next: new SharedArrayBuffer(4) };
      const answers: SolveAnswer[] = [];
      const job = client.solveDeals(shared, (_index, answer) => answers.push(answer), { budget: { maxNodes: 1e9 } });
      // Cancelled once the worker has taken its first deal (it is solving it), not after a fixed sleep.
      const counter = new Int32Array(shared.next);
      while (Atomics.load(counter, 0) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      job.cancel();
      await job.done;
      assert.equal(answers.length, 1);
      assert.equal(answers[0].verdict, 'unknown');
      assert.equal(answers[0].reason, 'cancelled');
      assert.equal(new Int32Array(shared.next)[0], 1, 'one index taken');
      const next = await client.solve(deal('bakers-game', 2)).result;
      assert.equal(next.verdict, 'solvable');
    });

    it('passes the budget on, and a malformed range request gets an error reply; the worker survives', async () => {
      const answers: SolveAnswer[] = [];
      await client.solveDeals(range(10, 1), (_index, answer) => answers.push(answer), { budget: { maxNodes: 100 } }).done;
      assert.equal(answers.length, 1);
      assert.equal(answers[0].verdict, 'unknown');
      assert.equal(answers[0].reason, 'nodes');
      await assert.rejects(client.solveDeals({ ...range(1, 2), variant: 'chess' }, () => {}).done, /unknown variant/);
      await assert.rejects(client.solveDeals(range(0, 2), () => {}).done, /deal numbers/);
      await assert.rejects(client.solveDeals(range(1, 0), () => {}).done, /count/);
      await assert.rejects(client.solveDeals({ ...range(1, 2), next: new SharedArrayBuffer(2) }, () => {}).done, /SharedArrayBuffer/);
      await assert.rejects(client.solveDeals(range(1, 2), () => {}, { budget: { maxNodes: -1 } }).done, /positive/);
      const ok = await client.solve(deal('bakers-game', 3)).result;
      assert.equal(ok.verdict, 'solvable');
      assert.equal(client.starts, 1);
    });
  });
});
