import { isRed, rankOf, suitOf } from './card';
import type { Card, Position, Variant } from './types';

/** Whether `card` may be placed on `target` in the tableau under the variant's build rule. */
export function canBuildOn(variant: Variant, card: Card, target: Card): boolean {
  if (rankOf(target) !== rankOf(card) + 1) return false;
  switch (variant.build) {
    case 'same-suit':
      return suitOf(card) === suitOf(target);
    case 'alternate-colour':
      return isRed(card) !== isRed(target);
    case 'any-suit':
      return true;
  }
}

/**
 * How many cards at the end of the column form a sequence built by the variant's rule (at least
 * 1 for a non-empty column): the longest run that could move together if the limit allowed it.
 */
export function sequenceLength(variant: Variant, column: readonly Card[]): number {
  if (column.length === 0) return 0;
  let length = 1;
  for (let i = column.length - 1; i > 0 && canBuildOn(variant, column[i], column[i - 1]); i--) length++;
  return length;
}

/**
 * The most cards that may move as one run into a column that is empty (`toEmpty`) or not.
 * A run is a shorthand for single-card moves through free cells and empty columns, so the
 * target, when empty, cannot also serve as a stopover and does not count.
 */
export function runLimit(variant: Variant, position: Position, toEmpty: boolean): number {
  let freeCells = 0;
  for (const cell of position.cells) if (cell === null) freeCells++;
  let emptyColumns = 0;
  for (const column of position.columns) if (column.length === 0) emptyColumns++;
  const stopovers = emptyColumns - (toEmpty ? 1 : 0);
  switch (variant.sequenceLimit) {
    case 'supermove':
      return (1 + freeCells) * 2 ** stopovers;
    case 'cells-plus-one':
      return 1 + freeCells;
    case 'unlimited':
      return Number.POSITIVE_INFINITY;
    case 'doubling':
      return 2 ** stopovers;
    case 'one':
      return 1;
  }
}

/** Whether the variant lets `card` fill an empty column. */
export function mayFillEmptyColumn(variant: Variant, card: Card): boolean {
  return variant.emptyColumn === 'any' || (variant.emptyColumn === 'king' && rankOf(card) === 13);
}

/** Whether `card` may go onto foundation pile `pile` (given as its cards, bottom first). */
export function foundationAccepts(variant: Variant, pileIndex: number, pile: readonly Card[], card: Card): boolean {
  const top = pile.length === 0 ? undefined : pile[pile.length - 1];
  if (variant.foundation === 'by-suit') return suitOf(card) === pileIndex && rankOf(card) === pile.length + 1;
  if (top === undefined) return rankOf(card) === 1;
  return rankOf(card) === rankOf(top) + 1 && isRed(card) !== isRed(top);
}

/** The foundation pile `card` may go onto now, or -1: by suit its own pile, in Spanish Patience the first that takes it. */
export function foundationFor(variant: Variant, position: Position, card: Card): number {
  if (variant.foundation === 'by-suit') {
    const suit = suitOf(card);
    return position.foundations[suit].length + 1 === rankOf(card) ? suit : -1;
  }
  return position.foundations.findIndex((pile, index) => foundationAccepts(variant, index, pile, card));
}
