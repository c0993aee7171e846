/**
 * Games built for the review's tests (unit, and inside VS Code): a winnable deal lost by one
 * move that the solver proves leaves no win.
 */
import * as assert from 'node:assert/strict';
import { dealPosition, legalMoves, newGame, performMove, playMove, type Game, type Move, type Position } from '../../src/engine';
import { solve } from '../../src/solver';

/**
 * A game that was winnable, then lost by one move: the solver's own solution of `deal` for
 * some moves, then the first move (from the end of the solution backwards) that the solver
 * proves leaves no win; then `after` more legal moves. Deterministic: same deal, same game.
 */
export function lostGame(variant: string, deal: number, after: number, budget: { readonly maxNodes: number }): { game: Game; losing: number } {
  const dealt = dealPosition(variant, deal);
  assert.ok(dealt.ok);
  const solution = solve(dealt.value, budget).moves ?? [];
  assert.ok(solution.length > 0, `${variant} ${deal} is winnable`);
  const positions: Position[] = [dealt.value];
  for (const move of solution) positions.push(performMove(positions[positions.length - 1], move));
  for (let k = Math.floor(solution.length / 2); k >= 0; k--) {
    for (const move of legalMoves(positions[k])) {
      if (solve(performMove(positions[k], move), budget).verdict !== 'unsolvable') continue;
      const started = newGame(variant, deal);
      assert.ok(started.ok);
      let game = started.value;
      const play = (m: Move): void => {
        const next = playMove(game, m);
        assert.ok(next.ok);
        game = next.value;
      };
      for (const m of solution.slice(0, k)) play(m);
      play(move);
      for (let extra = 0; extra < after; extra++) {
        const next = legalMoves(game.position).find((m) => m.to.kind !== 'cell' || game.position.cells.every((c) => c === null));
        if (!next) break;
        play(next);
      }
      return { game, losing: k + 1 };
    }
  }
  throw new Error(`no losing move found in ${variant} ${deal}`);
}
