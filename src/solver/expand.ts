/**
 * The search's moves as the engine's: single-card moves, runs turned into single cards the way a
 * player would do a supermove by hand, through the free cells, and through empty columns by
 * halves.
 */
import { getVariant, type Move, type PileRef, type Position, type Variant } from '../engine';
import { FOUNDATION, moveCount, moveDst, moveSrc } from './rules';

/** The solver's internal moves as single-card engine moves (runs split through cells and empty columns). */
export function engineMoves(position: Position, internal: readonly number[], cellCount: number): Move[] {
  const variant = getVariant(position.variant);
  const columns = position.columns.length;
  // All that splitting a run needs of the board, kept up to date move by move.
  const cellFree = new Uint8Array(position.cells.length);
  for (let i = 0; i < cellFree.length; i++) cellFree[i] = position.cells[i] === null ? 1 : 0;
  const heights = new Uint8Array(columns);
  for (let c = 0; c < columns; c++) heights[c] = position.columns[c].length;
  const out: Move[] = [];
  for (let k = 0; k < internal.length; k++) {
    const m = internal[k];
    const src = moveSrc(m);
    const dst = moveDst(m);
    const count = moveCount(m);
    const from = src < columns ? { kind: 'tableau' as const, index: src } : { kind: 'cell' as const, index: src - columns };
    if (dst >= FOUNDATION) out.push({ from, to: { kind: 'foundation', index: dst - FOUNDATION }, count: 1 });
    else if (dst >= columns) {
      if (dst - columns >= cellCount) throw new Error('solver: bad cell index');
      out.push({ from, to: { kind: 'cell', index: dst - columns }, count: 1 });
    } else if (count > 1) {
      // A loop, not a spread: a spread call is a large graph to optimize in a function that
      // runs once a solution.
      const split = splitRun(variant, cellFree, heights, src, dst, count);
      for (let i = 0; i < split.length; i++) out.push(split[i]);
    } else out.push({ from, to: { kind: 'tableau', index: dst }, count: 1 });
    if (src < columns) heights[src] -= count;
    else cellFree[src - columns] = 1;
    if (dst < columns) heights[dst] += count;
    else if (dst < FOUNDATION) cellFree[dst - columns] = 0;
  }
  return out;
}

/**
 * The single-card moves that carry out moving `count` cards from column `from` to column `to`,
 * or the run move itself when it cannot be split (Relaxed Baker's Game moves runs longer than
 * the free space allows as one move). Of the board it needs only which cells are free (1) and
 * how many cards each column holds, which a caller keeps up to date move by move.
 */
export function splitRun(variant: Variant, cellFree: Uint8Array, heights: Uint8Array, from: number, to: number, count: number): Move[] {
  if (count === 1) return [{ from: tableau(from), to: tableau(to), count: 1 }];
  const cells: number[] = [];
  for (let index = 0; index < cellFree.length; index++) if (cellFree[index] === 1) cells.push(index);
  const empties: number[] = [];
  if (variant.emptyColumn !== 'none' && variant.sequenceLimit !== 'cells-plus-one') {
    for (let index = 0; index < heights.length; index++) if (heights[index] === 0 && index !== to && index !== from) empties.push(index);
  }
  const capacity = (1 + cells.length) * 2 ** empties.length;
  if (count > capacity) return [{ from: tableau(from), to: tableau(to), count }];
  const moves: Move[] = [];
  moveRun(count, from, to, cells, empties, moves);
  return moves;
}

function tableau(index: number): PileRef {
  return { kind: 'tableau', index };
}

/**
 * Moves `count` cards from column `from` to `to` through the free `cells` and the empty columns
 * `empties`: with cells only, the cards above the bottom one go into cells and come back; else
 * the upper part goes to the first empty column (through the others), the lower part to `to`,
 * and the upper part after it. With a stack of its own rather than calling itself: V8 inlines
 * a function into itself level after level, and that made this one of the costliest functions
 * of a solve to optimize (13 ms on each solving thread; 3.5 ms now) for a few runs a solution.
 */
function moveRun(count: number, from: number, to: number, cells: readonly number[], empties: readonly number[], out: Move[]): void {
  // Parts still to move, four numbers each (cards, from, to, empty columns used), the next last.
  const parts = [count, from, to, 0];
  while (parts.length > 0) {
    const used = parts.pop()!;
    const target = parts.pop()!;
    const source = parts.pop()!;
    const cards = parts.pop()!;
    if (cards <= cells.length + 1) {
      for (let i = 0; i < cards - 1; i++) out.push({ from: tableau(source), to: { kind: 'cell', index: cells[i] }, count: 1 });
      out.push({ from: tableau(source), to: tableau(target), count: 1 });
      for (let i = cards - 2; i >= 0; i--) out.push({ from: { kind: 'cell', index: cells[i] }, to: tableau(target), count: 1 });
      continue;
    }
    const spare = empties[used];
    const top = Math.min(cards - 1, (cells.length + 1) * 2 ** (empties.length - used - 1));
    // In the order they are played, last pushed first.
    parts.push(top, spare, target, used + 1);
    parts.push(cards - top, source, target, used + 1);
    parts.push(top, source, spare, used + 1);
  }
}
