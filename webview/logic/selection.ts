import type { BoardView, MoveView, PileRefView, PileView } from '../../src/protocol/webviewMessages';
import { samePile } from './format';

/**
 * What the player holds: `count` cards from the top of `from`. The webview knows no rule: a
 * selection exists only if the view lists a legal move with that `from` and `count`.
 */
export interface Selection {
  readonly from: PileRefView;
  readonly count: number;
}

/** Every pile of the view, in reading order: cells, foundations, then the tableau. */
export function allPiles(view: BoardView): PileView[] {
  return [...view.cells, ...view.foundations, ...view.columns];
}

export function pileOf(view: BoardView, ref: PileRefView): PileView | undefined {
  const list = ref.kind === 'tableau' ? view.columns : ref.kind === 'cell' ? view.cells : view.foundations;
  return list[ref.index];
}

/** The legal moves that carry exactly `count` cards from `from`. */
export function movesFor(view: BoardView, from: PileRefView, count: number): MoveView[] {
  return view.legalMoves.filter((move) => samePile(move.from, from) && move.count === count);
}

/** The selection made by taking the card at `cardIndex` (and everything above it), if it may move. */
export function selectionAt(view: BoardView, ref: PileRefView, cardIndex: number): Selection | undefined {
  const pile = pileOf(view, ref);
  if (!pile || cardIndex < 0 || cardIndex >= pile.cards.length) return undefined;
  const count = pile.cards.length - cardIndex;
  return movesFor(view, ref, count).length > 0 ? { from: ref, count } : undefined;
}

/** The different numbers of cards that may leave `from`, smallest first. */
export function legalCounts(view: BoardView, from: PileRefView): number[] {
  const counts = new Set(view.legalMoves.filter((move) => samePile(move.from, from)).map((move) => move.count));
  return [...counts].sort((a, b) => a - b);
}

/** The legal move of the selection onto `to`, if there is one. */
export function moveTo(view: BoardView, selection: Selection, to: PileRefView): MoveView | undefined {
  return movesFor(view, selection.from, selection.count).find((move) => samePile(move.to, to));
}

/** Where a double-click sends the top card of `from`: home if it can go, else a free cell. */
export function quickMove(view: BoardView, from: PileRefView): MoveView | undefined {
  const single = movesFor(view, from, 1);
  return single.find((move) => move.to.kind === 'foundation') ?? (from.kind === 'cell' ? undefined : single.find((move) => move.to.kind === 'cell'));
}
