import * as assert from 'node:assert/strict';
import { dealPosition, gameFromPosition, isWon, playMove, type Position } from '../../../src/engine';
import { mergeRuns, playerMoveCount, playerMoves } from '../../../src/extension/review/playerMoves';
import { solve } from '../../../src/solver';

function deal(variant: string, n: number): Position {
  const dealt = dealPosition(variant, n);
  if (!dealt.ok) throw new Error(`no deal ${n}`);
  return dealt.value;
}

describe('a solution counted in the player\'s moves (par)', () => {
  for (const [variant, n] of [['bakers-game', 1], ['bakers-game', 4], ['freecell', 1], ['bakers-dozen', 2]] as const) {
    it(`${variant} deal ${n}: runs merged and auto-played cards left out, and it still wins`, () => {
      const start = deal(variant, n);
      const result = solve(start, { maxNodes: 2_000_000 });
      assert.equal(result.verdict, 'solvable');
      const solution = result.moves ?? [];
      for (const autoplay of [false, true]) {
        const moves = playerMoves(start, solution, autoplay);
        assert.ok(moves, `replays with autoplay ${autoplay}`);
        const started = gameFromPosition(start, { autoplay });
        assert.ok(started.ok);
        let game = started.value;
        for (const move of moves) {
          const next = playMove(game, move);
          assert.ok(next.ok, 'every player move is legal');
          game = next.value;
        }
        assert.ok(isWon(game.position), 'the player moves win');
        assert.ok(moves.length <= solution.length);
      }
      const withAutoplay = playerMoveCount(start, solution, true);
      const without = playerMoveCount(start, solution, false);
      assert.ok(withAutoplay < without, `auto-play saves the foundation moves (${withAutoplay} < ${without})`);
    });
  }

  it('merges a run moved through the free cells into one move', () => {
    // Baker's Game deal 1's solution has t3-c3 t3-t6 c3-t6: a run of two.
    const start = deal('bakers-game', 1);
    const solution = solve(start).moves ?? [];
    const merged = mergeRuns(start, solution);
    assert.ok(merged.some((move) => move.count > 1), 'some run move');
    assert.ok(merged.length < solution.length);
  });
});
