import * as assert from 'node:assert/strict';
import { HOME, type RankBoard, STRIDE, packRankMove } from '../../../src/solver/rank/rankBoard';
import { applyMove, dealPosition, formatMove, isWon, legalMoves, performMove, type Move, type Position } from '../../../src/engine';

export function deal(variant: string, n: number): Position {
  const dealt = dealPosition(variant, n);
  assert.ok(dealt.ok, `deal ${n} of ${variant}`);
  return dealt.value;
}

/** Replays the moves with the engine's checks and asserts they win; returns the count. */
export function assertWins(position: Position, moves: readonly Move[], label: string): number {
  let current = position;
  moves.forEach((move, i) => {
    const applied = applyMove(current, move);
    assert.ok(applied.ok, `${label}: move ${i + 1} ${formatMove(move, current.variant)} refused: ${applied.ok ? '' : JSON.stringify(applied.refusal)}`);
    // Relaxed Baker's Game moves a run longer than the free space allows as one move.
    if (position.variant !== 'bakers-game-relaxed') assert.equal(move.count, 1, `${label}: move ${i + 1} is not a single-card move`);
    current = applied.value.position;
  });
  assert.ok(isWon(current), `${label}: the solution does not win`);
  return moves.length;
}

/** A small seeded generator: `random(n)` gives a whole number below n, the same sequence on every run. */
export function randomBelow(seed: number): (below: number) => number {
  return (below) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % below;
  };
}

/**
 * A deal the solver does not decide within seconds (checked: Good Measure 1013 still open after
 * 900 s and 800 million positions; 10075, the deal here before skeletons, is won in 4 s now),
 * for tests of budgets and cancellation.
 */
export const HARD_DEAL = { variant: 'good-measure', deal: 1013 } as const;

/** Plays `steps` random single-card moves from `position` (home moves twice as likely), fewer if none is left. */
export function playRandomly(position: Position, steps: number, random: (below: number) => number): Position {
  for (let step = 0; step < steps; step++) {
    const moves = legalMoves(position).filter((move) => move.count === 1);
    if (moves.length === 0) break;
    const home = moves.filter((move) => move.to.kind === 'foundation');
    const pool = home.length > 0 && random(3) > 0 ? home : moves;
    position = performMove(position, pool[random(pool.length)]);
  }
  return position;
}

/** Every legal move of the board (home and onto a card one rank higher). */
export function rankMovesOf(board: RankBoard): number[] {
  const out: number[] = [];
  for (let c = 0; c < board.nc; c++) {
    const h = board.len[c];
    if (h === 0) continue;
    const card = board.col[c * STRIDE + h - 1];
    const pile = board.homePile(card);
    if (pile >= 0) out.push(packRankMove(c, HOME + pile, card));
    for (let d = 0; d < board.nc; d++) {
      if (d === c || board.len[d] === 0) continue;
      if (board.col[d * STRIDE + board.len[d] - 1] >> 2 === (card >> 2) + 1) out.push(packRankMove(c, d, card));
    }
  }
  return out;
}
