import { getVariant, type VariantId } from '../../engine';
import { DEFAULT_RANK_MAX_MILLIS, isRankBuilt } from '../../solver/rank/rankBuilt';

/**
 * How hard the solver tries for each use, in positions visited and milliseconds. Shared by the
 * host and by `npm run bench:assist`, so the figures measure exactly what players get.
 */
export const HINT_BUDGET = { maxNodes: 3_000_000, maxMillis: 8_000 } as const;
export const BADGE_BUDGET = { maxNodes: 400_000, maxMillis: 1_500 } as const;
/**
 * The badge in the rank-built games: a position there costs several times one of the cell games
 * (a dead-end proof at most of them), and the hard ones need millions, so the badge is bounded by
 * time alone, and given a little more of it; it runs in the background and a move cancels it.
 */
export const RANK_BADGE_BUDGET = { maxNodes: Number.POSITIVE_INFINITY, maxMillis: 3_000 } as const;

/** The badge's budget for a game. */
export function badgeBudget(variant: VariantId): { maxNodes: number; maxMillis: number } {
  return isRankBuilt(getVariant(variant)) ? RANK_BADGE_BUDGET : BADGE_BUDGET;
}
/**
 * Whether the badge's solutions are shortened. In the rank-built games that is only the pass that
 * takes detours out (under 6 ms on Good Measure deals 1-60), and a hint or a player following the
 * solution then gets it as Hint would; in the cell games shortening is a search of its own.
 */
export function badgeShortens(variant: VariantId): boolean {
  return isRankBuilt(getVariant(variant));
}
export const SOLVE_BUDGET = { maxNodes: 20_000_000, maxMillis: 60_000 } as const;
/**
 * Solve in the rank-built games (Baker's Dozen, Good Measure, Spanish Patience): the command
 * line's default there, 10 s with no cap on positions (time is what the player waits for).
 * "Search Longer" gives five times as long.
 */
export const RANK_SOLVE_BUDGET = { maxNodes: Number.POSITIVE_INFINITY, maxMillis: DEFAULT_RANK_MAX_MILLIS } as const;

/** The budget of Solve for a game. */
export function solveBudget(variant: VariantId): { maxNodes: number; maxMillis: number } {
  return isRankBuilt(getVariant(variant)) ? RANK_SOLVE_BUDGET : SOLVE_BUDGET;
}
/** A short look per candidate deal for "winnable deals only". */
export const WINNABLE_CHECK_BUDGET = { maxNodes: 300_000, maxMillis: 1_500 } as const;
/** The search for a new deal's par: a shortened solution from the start, in the background. */
export const PAR_BUDGET = { maxNodes: 3_000_000, maxMillis: 10_000 } as const;
/** One position of a game under review: a shortened solution, or a proof that none exists. */
export const REVIEW_BUDGET = { maxNodes: 400_000, maxMillis: 2_000 } as const;
