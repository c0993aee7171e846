import type { Card } from './types';

/** The highest deal number: the FreeCell Pro extension goes up to 2^33 − 1. */
export const MAX_DEAL_NUMBER = 8_589_934_591;

const TWO_31 = 2 ** 31;
const TWO_32 = 2 ** 32;

/**
 * The 52 cards in dealing order for deal `dealNumber` (card `k` goes to column `k mod 8` in
 * FreeCell). Follows Microsoft FreeCell below 2^31 and FreeCell Pro's extension above, exactly
 * as fc-solve's `make-microsoft-freecell-board` does: from 2^31 to 2^32 − 1 every random
 * number gets bit 15 set; from 2^32 the seed is N − 2^32 and the random number is 16 bits plus
 * one. The caller checks the range.
 */
export function microsoftShuffle(dealNumber: number): Card[] {
  const extended = dealNumber >= TWO_32;
  const highBit = dealNumber >= TWO_31 && !extended ? 0x8000 : 0;
  // Only the low 32 bits of the LCG state ever reach the output, so uint32 arithmetic is exact.
  let state = (extended ? dealNumber - TWO_32 : dealNumber) >>> 0;
  const deck: Card[] = Array.from({ length: 52 }, (_, card) => card);
  const dealt: Card[] = [];
  for (let left = 52; left > 0; left--) {
    state = (Math.imul(state, 214013) + 2531011) >>> 0;
    const rand = extended ? ((state >>> 16) & 0xffff) + 1 : ((state >>> 16) & 0x7fff) | highBit;
    const index = rand % left;
    dealt.push(deck[index]);
    deck[index] = deck[left - 1]!;
  }
  return dealt;
}

/**
 * A small, fast, seeded generator (mulberry32) returning numbers in [0, 1): for tests,
 * benchmarks and anything that must be reproducible. Not for anything secret.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A deal number for a new game, uniform over 1..`max` (default the whole range). The random
 * source is injected (e.g. from `crypto` in the host) because the engine imports nothing.
 */
export function randomDealNumber(random: () => number, max: number = MAX_DEAL_NUMBER): number {
  const upper = Math.min(Math.max(1, Math.floor(max)), MAX_DEAL_NUMBER);
  // Two draws give more than the 33 bits a single double may not spread evenly over.
  const value = Math.floor(random() * 2 ** 26) * 2 ** 26 + Math.floor(random() * 2 ** 26);
  return (value % upper) + 1;
}
