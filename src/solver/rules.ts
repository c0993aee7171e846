/**
 * The variant's rules and the search's moves as small numbers, for the inner loop: a move is one
 * number (source pile, target pile, number of cards), piles are columns, then cells, then the
 * foundations from {@link FOUNDATION} on.
 */
import type { Variant } from '../engine';

/** Where a move goes when it goes home: foundation pile `p` is target `FOUNDATION + p`. */
export const FOUNDATION = 24;

/** Where a packed move keeps its target pile and its number of cards (bits). */
export const SHIFT_DST = 5;
export const SHIFT_COUNT = 10;

/** Packs a resolved internal move: source pile, target pile, number of cards. */
export function packMove(src: number, dst: number, count: number): number {
  return src | (dst << SHIFT_DST) | (count << SHIFT_COUNT);
}
export const moveSrc = (m: number): number => m & 31;
export const moveDst = (m: number): number => (m >> SHIFT_DST) & 31;
export const moveCount = (m: number): number => m >> SHIFT_COUNT;

export const isRedSuit = (suit: number): boolean => suit === 1 || suit === 2;

/** The variant's rules as small numbers, for the inner loop. */
export interface Rules {
  readonly columns: number;
  readonly cells: number;
  /** 0 same suit, 1 alternate colour, 2 any suit. */
  readonly build: number;
  /** 0 any card, 1 Kings only, 2 none. */
  readonly empty: number;
  /** 0 supermove, 1 cells plus one, 2 unlimited, 3 doubling, 4 one. */
  readonly limit: number;
  /** True in Spanish Patience (foundations by alternate colour, any Ace). */
  readonly spanish: boolean;
  /** 0 same suit (all), 1 FreeCell, 2 rank, 3 Aces only. */
  readonly safe: number;
}

export function rulesOf(variant: Variant): Rules {
  return {
    columns: variant.columns,
    cells: variant.cells,
    build: variant.build === 'same-suit' ? 0 : variant.build === 'alternate-colour' ? 1 : 2,
    empty: variant.emptyColumn === 'any' ? 0 : variant.emptyColumn === 'king' ? 1 : 2,
    limit: ['supermove', 'cells-plus-one', 'unlimited', 'doubling', 'one'].indexOf(variant.sequenceLimit),
    spanish: variant.foundation === 'alternate-colour',
    safe: ['same-suit', 'freecell', 'rank', 'aces-only'].indexOf(variant.autoplay),
  };
}
