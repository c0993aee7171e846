/**
 * One instance of each class the solver makes anew for every deal, kept from one deal to the next.
 *
 * Why: V8's optimized code for a class's methods refers to the class's hidden classes (maps)
 * weakly. Between two deals no instance of such a class may be left; a full garbage collection
 * then may drop those maps, and V8 throws away all the code compiled for them and compiles it
 * again once it is hot. Measured on FreeCell deals 10001-11000 (`--trace-deopt`): a full
 * collection between two deals threw away best-first search's and the last pass's code
 * (`expand`, `run`, `compact`, `wins` and a dozen more, "embedded weak objects cleared"), about
 * 60 ms of compiling and of running unoptimized code again, in some runs and not in others.
 */
const kept = new Map<string, object>();

/** Keeps `instance` (and what it refers to) alive as the last one of `kind`, until the next one. */
export function keepAlive(kind: string, instance: object): void {
  kept.set(kind, instance);
}
