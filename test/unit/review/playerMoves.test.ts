import * as assert from 'node:assert/strict';
import { autoplay, dealPosition, gameFromPosition, isWon, performMove, playMove, type Move, type Position } from '../../../src/engine';
import { mergeRuns, playerMoveCount, playerMoves } from '../../../src/extension/review/playerMoves';
import { solve } from '../../../src/solver';

function deal(variant: string, n: number): Position {
  const dealt = dealPosition(variant, n);
  if (!dealt.ok) throw new Error(`no deal ${n}`);
  return dealt.value;
}

/** Plays `moves` from `start` as a player does, with auto-play as given: each is legal, and they win. */
function assertPlaysToWin(start: Position, moves: readonly Move[], autoplay: boolean): void {
  const started = gameFromPosition(start, { autoplay });
  assert.ok(started.ok);
  let game = started.value;
  for (const move of moves) {
    const next = playMove(game, move);
    assert.ok(next.ok, 'every player move is legal');
    game = next.value;
  }
  assert.ok(isWon(game.position), 'the player moves win');
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
        assertPlaysToWin(start, moves, autoplay);
        assert.ok(moves.length <= solution.length);
      }
      const withAutoplay = playerMoveCount(start, solution, true);
      const without = playerMoveCount(start, solution, false);
      assert.ok(withAutoplay < without, `auto-play saves the foundation moves (${withAutoplay} < ${without})`);
    });
  }

  for (const [variant, n] of [['bakers-game', 4], ['bakers-dozen', 2], ['seahaven', 2]] as const) {
    it(`${variant} deal ${n}: the cards auto-play sends home at the deal's start go with the player's first move, not as moves`, () => {
      const start = deal(variant, n);
      // The aces (and what follows them) on top at the start: auto-play has not run there yet.
      const pending = new Set<number>();
      let before = start;
      for (const move of autoplay(start).moves) {
        const column = move.from.kind === 'tableau' ? before.columns[move.from.index] : [];
        pending.add(column[column.length - 1]);
        before = performMove(before, move);
      }
      assert.ok(pending.size > 0, 'a deal with cards for auto-play at its start');
      const solution = solve(start, { maxNodes: 2_000_000 }).moves ?? [];
      const moves = playerMoves(start, solution, true);
      assert.ok(moves);
      const first = moves[0];
      const firstCard = first.from.kind === 'tableau' ? start.columns[first.from.index].at(-1) : undefined;
      assert.ok(!(first.to.kind === 'foundation' && firstCard !== undefined && pending.has(firstCard)), 'the first move is not one auto-play makes anyway');
      assertPlaysToWin(start, moves, true);
      assert.equal(playerMoveCount(start, solution, true), moves.length);
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
