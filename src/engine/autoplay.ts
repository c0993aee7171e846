import { isRed, rankOf, suitOf } from './card';
import { foundationFor } from './rules';
import type { Card, Move, PileRef, Position, Variant } from './types';
import { getVariant } from './variants';
import { performMove } from './moves';

/**
 * Whether sending `card` home can never cost the game (DESIGN.md section 3): in same-suit games
 * always, since nothing could be built on it again; in FreeCell when both opposite-colour
 * foundations hold r − 2 and the other one of its colour r − 3; in rank-built games when every
 * foundation holds r − 2; in Spanish Patience only Aces. It does not check that the card is playable.
 */
export function isSafeHome(variant: Variant, position: Position, card: Card): boolean {
  const rank = rankOf(card);
  switch (variant.autoplay) {
    case 'same-suit':
      return true;
    case 'aces-only':
      return rank === 1;
    case 'rank':
      return position.foundations.every((pile) => pile.length >= rank - 2);
    case 'freecell': {
      if (rank <= 2) return true;
      const red = isRed(card);
      const suit = suitOf(card);
      return position.foundations.every((pile, other) => {
        if (other === suit) return true;
        const otherRed = other === 1 || other === 2;
        return pile.length >= (otherRed === red ? rank - 3 : rank - 2);
      });
    }
  }
}

/** The next safe move to a foundation (columns first, then cells, lowest index first), if any. */
export function nextAutoplayMove(position: Position): Move | undefined {
  const variant = getVariant(position.variant);
  const consider = (from: PileRef, card: Card): Move | undefined => {
    if (!isSafeHome(variant, position, card)) return undefined;
    const index = foundationFor(variant, position, card);
    return index < 0 ? undefined : { from, to: { kind: 'foundation', index }, count: 1 };
  };
  for (let index = 0; index < position.columns.length; index++) {
    const column = position.columns[index];
    if (column.length === 0) continue;
    const move = consider({ kind: 'tableau', index }, column[column.length - 1]);
    if (move) return move;
  }
  for (let index = 0; index < position.cells.length; index++) {
    const card = position.cells[index];
    if (card === null || card === undefined) continue;
    const move = consider({ kind: 'cell', index }, card);
    if (move) return move;
  }
  return undefined;
}

/** Plays safe moves until none is left: the moves in order and the position they lead to. */
export function autoplay(position: Position): { position: Position; moves: Move[] } {
  const moves: Move[] = [];
  let current = position;
  for (let move = nextAutoplayMove(current); move; move = nextAutoplayMove(current)) {
    moves.push(move);
    current = performMove(current, move);
  }
  return { position: current, moves };
}
