import * as assert from 'node:assert/strict';
import { dealPosition, type Position } from '../../../src/engine';
import { finish, playerMoves, playerSolutionSteps, type Steps } from '../../../src/extension/review/playerMoves';
import { runInSlices } from '../../../src/extension/review/sliced';
import { solve } from '../../../src/solver';

function deal(variant: string, n: number): Position {
  const dealt = dealPosition(variant, n);
  if (!dealt.ok) throw new Error(`no deal ${n}`);
  return dealt.value;
}

/** Steps that each keep the thread busy for `millis`. */
function* busy(steps: number, millis: number): Steps<number> {
  for (let step = 0; step < steps; step++) {
    const until = performance.now() + millis;
    while (performance.now() < until) {
      // busy
    }
    yield;
  }
  return steps;
}

describe('host work in slices (the event loop never waits long)', () => {
  it('lets the event loop run between slices', async () => {
    let ticks = 0;
    let longest = 0;
    let last = performance.now();
    let ticking = true;
    const tick = (): void => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      ticks++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const result = await runInSlices(busy(40, 1), undefined, 4);
    ticking = false;
    assert.equal(result, 40);
    // 40 ms of work in slices of 4 ms: about ten turns of the event loop in between. (Wall-clock
    // waits are not asserted: on a busy machine a thread may wait for a core far longer.)
    assert.ok(ticks >= 5, `the event loop ran between slices (${ticks} turns, longest wait ${longest.toFixed(1)} ms)`);
  });

  it('stops at the next slice when its signal aborts', async () => {
    const abort = new AbortController();
    setImmediate(() => abort.abort());
    assert.equal(await runInSlices(busy(100, 1), abort.signal, 2), undefined);
  });

  it('counts a long solution in many steps, with the same answer as at once', async () => {
    const start = deal('bakers-dozen', 2);
    const solution = solve(start, { maxNodes: 2_000_000 }).moves ?? [];
    assert.ok(solution.length > 50);
    let steps = 0;
    const counted = playerSolutionSteps(start, solution, true);
    for (let next = counted.next(); !next.done; next = counted.next()) steps++;
    assert.ok(steps >= 10, `${steps} steps for ${solution.length} moves`);
    assert.deepEqual(finish(playerSolutionSteps(start, solution, true)), playerMoves(start, solution, true));
    assert.deepEqual(await runInSlices(playerSolutionSteps(start, solution, true), undefined, 0), playerMoves(start, solution, true));
  });
});
