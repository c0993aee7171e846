import * as assert from 'node:assert/strict';
import { bestFirst } from '../../../src/solver/bestFirst';
import { BucketQueue } from '../../../src/solver/bucketQueue';
import { assertWins, deal } from './support';

describe('best-first search', () => {
  it('with a bound, drops the lines that cannot beat it, greedy or not: a bound below any solution leaves nothing to search', () => {
    for (const greedy of [false, true]) {
      for (const n of [1, 2, 3]) {
        const result = bestFirst(deal('freecell', n), { maxNodes: 20_000, weight: 1, greedy, bound: 5 });
        assert.equal(result.outcome, 'exhausted', `FreeCell deal ${n}, greedy ${greedy}`);
        assert.ok(result.nodes < 100, `FreeCell deal ${n}, greedy ${greedy}: ${result.nodes} nodes`);
      }
    }
  });

  it('without a bound, greedy, finds a solution that the engine replays to a win', () => {
    const position = deal('bakers-game', 1);
    const result = bestFirst(position, { maxNodes: 200_000, weight: 10, greedy: true });
    assert.equal(result.outcome, 'solved');
    assertWins(position, result.moves ?? [], 'Baker\'s Game deal 1');
  });

  it('a search after others, large and small, finds what it finds first on its thread (what one search leaves for the next is let go of or reset)', () => {
    const options = { maxNodes: 200_000, weight: 10, greedy: true, depthFirstAfter: 1000 };
    const first = bestFirst(deal('bakers-game', 5), options);
    bestFirst(deal('bakers-game-kings', 2), { ...options, weight: 1 });
    bestFirst(deal('freecell', 3), { maxNodes: 20_000, weight: 1, greedy: true });
    const again = bestFirst(deal('bakers-game', 5), options);
    assert.equal(first.outcome, 'solved');
    assert.deepEqual(again, first);
  });

  it('a queue let go of is empty, and takes and gives nodes again in order', () => {
    const queue = new BucketQueue(false, 4);
    for (let id = 0; id < 100; id++) queue.push(id, 1000 - id);
    queue.release();
    assert.equal(queue.size, 0);
    assert.ok(queue.bytes < 100, `${queue.bytes} bytes`);
    queue.push(7, 3);
    queue.push(8, 1);
    queue.push(9, 600);
    assert.deepEqual([queue.pop(), queue.pop(), queue.pop()], [8, 7, 9]);
  });
});
