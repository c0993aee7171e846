/**
 * The second phase: once a position is known to be winnable, a weighted A* search (cost: moves
 * other than to the foundations, counted as single-card moves; estimate: a lower bound on those
 * still needed) looks for a shorter solution within a node budget.
 */
import type { Move, Position } from '../engine';
import { bestFirst } from './bestFirst';

export interface ShortenOptions {
  /** Most positions to store. */
  readonly maxNodes: number;
  /** Weight of the estimate (default 5). */
  readonly weight?: number;
  readonly shouldStop?: () => boolean;
}

/**
 * Searches for a solution of `position` shorter than `moves` (single-card engine moves);
 * returns the shorter one found, or `moves` itself.
 */
export function shorten(position: Position, moves: readonly Move[], options: ShortenOptions): { moves: readonly Move[]; peakBytes: number } {
  const foundationMoves = moves.filter((move) => move.to.kind === 'foundation').length;
  const found = bestFirst(position, {
    maxNodes: options.maxNodes,
    weight: options.weight ?? 5,
    bound: moves.length - foundationMoves,
    shouldStop: options.shouldStop,
  });
  const shorter = found.moves;
  return { moves: shorter && shorter.length < moves.length ? shorter : moves, peakBytes: found.peakBytes };
}

