import * as assert from 'node:assert/strict';
import { bestFirst } from '../../../src/solver/bestFirst';
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
});
