import * as assert from 'node:assert/strict';
import { applyMove, dealPosition, formatMove, isWon, type Move, type Position } from '../../../src/engine';

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
 * A deal the solver does not decide within seconds (checked: Good Measure 10075 still open
 * after 15 s and 8 million positions), for tests of budgets and cancellation.
 */
export const HARD_DEAL = { variant: 'good-measure', deal: 10075 } as const;
