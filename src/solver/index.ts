/** The solver's public API (see each module). */
export { solve, DEFAULT_MAX_BYTES, DEFAULT_MAX_NODES } from './solve';
export type { SolveOptions, SolveProgress, SolveResult, Verdict } from './solve';
export type { RuleSwitches } from './searcher';
export { SolverClient } from './client';
export type { DealRange, DealsJob, SolveJob, SolveJobOptions, SolverClientOptions } from './client';
export { solveDealsInPool } from './pool';
export type { PoolOptions } from './pool';
