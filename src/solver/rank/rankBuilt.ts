/**
 * Which games the rank-built search plays, and their default budget: a module of its own so
 * that the extension host can know them without bundling the search.
 */
import type { Variant } from '../../engine';

/** Whether the variant is played by the rank-built search: no cells, empty columns never filled, one card a move. */
export function isRankBuilt(variant: Variant): boolean {
  return variant.cells === 0 && variant.emptyColumn === 'none' && variant.build === 'any-suit' && variant.sequenceLimit === 'one';
}

/**
 * The rank-built games' default memory: their hard deals need millions of positions (27 bytes
 * each in the table, three times that while it grows), and a deal decided within 10 s stays
 * under 1 GB.
 */
export const DEFAULT_RANK_MAX_BYTES = 1024 * 1024 * 1024;

/**
 * The rank-built games' default time: they are limited by time and memory rather than by a
 * count of positions (their positions are cheap, and a count fit for 10 s would cut a longer
 * budget short).
 */
export const DEFAULT_RANK_MAX_MILLIS = 10_000;
