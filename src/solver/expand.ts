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
    } else if (count > 1) out.push(...splitRun(variant, cellFree, heights, src, dst, count));
    else out.push({ from, to: { kind: 'tableau', index: dst }, count: 1 });
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

function moveRun(count: number, from: number, to: number, cells: readonly number[], empties: readonly number[], out: Move[]): void {
  if (count <= cells.length + 1) {
    const used = cells.slice(0, count - 1);
    for (const cell of used) out.push({ from: tableau(from), to: { kind: 'cell', index: cell }, count: 1 });
    out.push({ from: tableau(from), to: tableau(to), count: 1 });
    for (let i = used.length - 1; i >= 0; i--) out.push({ from: { kind: 'cell', index: used[i] }, to: tableau(to), count: 1 });
    return;
  }
  const [spare, ...rest] = empties;
  const half = (cells.length + 1) * 2 ** rest.length;
  const top = Math.min(count - 1, half);
  moveRun(top, from, spare, cells, rest, out);
  moveRun(count - top, from, to, cells, rest, out);
  moveRun(top, spare, to, cells, rest, out);
}
