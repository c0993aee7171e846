/** The solver's public API (see each module). */
export { solve, DEFAULT_MAX_BYTES, DEFAULT_MAX_NODES } from './solve';
export type { SolveOptions, SolveProgress, SolveResult, Verdict } from './solve';
export { SolverClient } from './client';
export type { SolveJob, SolveJobOptions, SolverClientOptions } from './client';
