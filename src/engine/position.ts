import { formatCard, isCard, rankOf, suitOf } from './card';
import type { Card, Outcome, Position, Refusal, Variant } from './types';
import { findVariant, getVariant } from './variants';

/** Number of empty free cells. */
export function freeCellCount(position: Position): number {
  let free = 0;
  for (const cell of position.cells) if (cell === null) free++;
  return free;
}

/** Number of empty tableau columns. */
export function emptyColumnCount(position: Position): number {
  let empty = 0;
  for (const column of position.columns) if (column.length === 0) empty++;
  return empty;
}

/** Number of cards on the foundations. */
export function foundationCount(position: Position): number {
  return position.foundations.reduce((sum, pile) => sum + pile.length, 0);
}

/** Won: all 52 cards are on the foundations. */
export function isWon(position: Position): boolean {
  return foundationCount(position) === 52;
}

/** Whether `card` is on a foundation. */
export function isHome(position: Position, card: Card): boolean {
  return position.foundations.some((pile) => pile.includes(card));
}

/** Every card of the position, in no particular order (columns, cells, foundations). */
export function cardsOf(position: Position): Card[] {
  const cards: Card[] = [];
  for (const column of position.columns) cards.push(...column);
  for (const cell of position.cells) if (cell !== null) cards.push(cell);
  for (const pile of position.foundations) cards.push(...pile);
  return cards;
}

/** Whether two positions have every card in the same place. */
export function samePosition(a: Position, b: Position): boolean {
  const samePiles = (x: readonly (readonly Card[])[], y: readonly (readonly Card[])[]): boolean =>
    x.length === y.length && x.every((pile, i) => pile.length === y[i].length && pile.every((card, j) => card === y[i][j]));
  return (
    a.variant === b.variant &&
    a.cells.length === b.cells.length &&
    a.cells.every((cell, i) => cell === b.cells[i]) &&
    samePiles(a.columns, b.columns) &&
    samePiles(a.foundations, b.foundations)
  );
}

/**
 * Checks a position that came from outside (imported text, a saved game): known variant, the
 * variant's number of columns, cells and foundations, 52 distinct cards, and foundation piles
 * that the variant's foundation rule could have built. Returns the position unchanged when valid.
 */
export function checkPosition(position: Position): Outcome<Position> {
  const found = findVariant(position.variant);
  if (!found.ok) return found;
  const variant = found.value;
  const refuse = (code: string, params: Refusal['params']): Outcome<Position> => ({ ok: false, refusal: { code, params } });
  if (position.columns.length !== variant.columns) {
    return refuse('wrong-column-count', { count: position.columns.length, expected: variant.columns });
  }
  if (position.cells.length !== variant.cells) {
    return refuse('wrong-cell-count', { count: position.cells.length, expected: variant.cells });
  }
  if (position.foundations.length !== 4) return refuse('wrong-foundation-count', { count: position.foundations.length });
  const seen = new Set<Card>();
  for (const card of cardsOf(position)) {
    if (!isCard(card)) return refuse('not-a-card', { value: String(card) });
    if (seen.has(card)) return refuse('duplicate-card', { card: formatCard(card) });
    seen.add(card);
  }
  if (seen.size !== 52) {
    const missing = Array.from({ length: 52 }, (_, card) => card).filter((card) => !seen.has(card));
    return refuse('card-count', { count: seen.size, missing: missing.map(formatCard).join(' ') });
  }
  for (let index = 0; index < 4; index++) {
    const pile = position.foundations[index];
    for (let depth = 0; depth < pile.length; depth++) {
      const card = pile[depth];
      const below = depth === 0 ? undefined : pile[depth - 1];
      const fits =
        variant.foundation === 'by-suit'
          ? suitOf(card) === index && rankOf(card) === depth + 1
          : below === undefined
            ? rankOf(card) === 1
            : rankOf(card) === rankOf(below) + 1 && (suitOf(card) === 1 || suitOf(card) === 2) !== (suitOf(below) === 1 || suitOf(below) === 2);
      if (!fits) return refuse('bad-foundation-pile', { pile: index + 1, card: formatCard(card) });
    }
  }
  return { ok: true, value: position };
}

/** The variant row of a position (its id is trusted inside the engine). */
export function variantOf(position: Position): Variant {
  return getVariant(position.variant);
}
