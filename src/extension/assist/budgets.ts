/**
 * How hard the solver tries for each use, in positions visited and milliseconds. Shared by the
 * host and by `npm run bench:assist`, so the figures measure exactly what players get.
 */
export const HINT_BUDGET = { maxNodes: 3_000_000, maxMillis: 8_000 } as const;
export const BADGE_BUDGET = { maxNodes: 400_000, maxMillis: 1_500 } as const;
export const SOLVE_BUDGET = { maxNodes: 20_000_000, maxMillis: 60_000 } as const;
/** A short look per candidate deal for "winnable deals only". */
export const WINNABLE_CHECK_BUDGET = { maxNodes: 300_000, maxMillis: 1_500 } as const;
/** The search for a new deal's par: a shortened solution from the start, in the background. */
export const PAR_BUDGET = { maxNodes: 3_000_000, maxMillis: 10_000 } as const;
/** One position of a game under review: a shortened solution, or a proof that none exists. */
export const REVIEW_BUDGET = { maxNodes: 400_000, maxMillis: 2_000 } as const;
