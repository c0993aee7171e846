/**
 * The solver's API: {@link solve} decides whether a position can be won, with a solution when
 * it can, under a budget of nodes, time and memory.
 */
import { getVariant, type Move, type Position } from '../engine';
import { boardOf } from './board';
import { compactShorter } from './compact';
import { engineMoves } from './expand';
import { rulesOf } from './rules';
import { keepAlive } from './keepAlive';
import { Searcher, switchOffRules, type RuleSwitches } from './searcher';
import { bestFirst } from './bestFirst';
import { shorten } from './shorten';
import { DEFAULT_RANK_MAX_BYTES, DEFAULT_RANK_MAX_MILLIS, isRankBuilt } from './rank/rankBuilt';
import { NARROW_SHARE, solveRankBuilt } from './rank/rankSolve';
import type { SolverBudget } from '../protocol/solverMessages';

/** `solvable` with a solution, `unsolvable` after a complete search, `unknown` when a budget ran out or the search was cancelled. */
export type Verdict = 'solvable' | 'unsolvable' | 'unknown';

/** Limits and switches of {@link solve}; the pruning rules' switches are {@link RuleSwitches}. */
export interface SolveOptions extends RuleSwitches {
  /** Most positions to visit (default 20 million). */
  readonly maxNodes?: number;
  /** Most milliseconds to search (default: no limit). */
  readonly maxMillis?: number;
  /** Most bytes for the search's tables (default 400 MB; 1 GB in the rank-built games). */
  readonly maxBytes?: number;
  /** Aborting it stops the search (checked every few thousand positions). */
  readonly signal?: AbortSignal;
  /** Polled every few thousand positions: the search stops when it returns true (a worker reads a shared flag here). */
  readonly shouldStop?: () => boolean;
  /** Called every few thousand positions. */
  readonly onProgress?: (progress: SolveProgress) => void;
  /** Shorten a solution found (default true: a second search when the first was long, then a pass that takes out detours); the budget for that search, in positions (default 100000). */
  readonly shorten?: boolean;
  readonly shortenNodes?: number;
  /**
   * With shortening on, whether the last pass ({@link compactShorter}) runs here (default
   * true); false leaves it to the caller, as a worker does for a host that solves too (that
   * thread runs the pass for both, and the worker never compiles it).
   */
  readonly compact?: boolean;
  /** Force safe foundation moves (default true; false only to check the rule). */
  readonly forceSafe?: boolean;
}

export interface SolveProgress {
  readonly nodes: number;
  readonly millis: number;
}

export interface SolveResult {
  readonly verdict: Verdict;
  /** For `solvable`: single-card engine moves from the position to a win, forced foundation moves included. */
  readonly moves?: readonly Move[];
  /** Positions visited. */
  readonly nodes: number;
  readonly millis: number;
  /** Peak bytes held by the search's tables. */
  readonly peakBytes: number;
  /** Why the verdict is `unknown`. */
  readonly reason?: 'nodes' | 'time' | 'memory' | 'cancelled';
  /**
   * With the last pass left to the caller (`compact: false`): a second solution found on the
   * way, for that pass to keep the shorter of the two ({@link compactShorter}).
   */
  readonly alternative?: readonly Move[];
}

export const DEFAULT_MAX_NODES = 20_000_000;
export const DEFAULT_MAX_BYTES = 400 * 1024 * 1024;
export { DEFAULT_RANK_MAX_BYTES, DEFAULT_RANK_MAX_MILLIS } from './rank/rankBuilt';

/** A request's budget as limits of {@link solve}: a solver thread's defaults where it says nothing. */
export function budgetLimits(budget: SolverBudget | undefined): Pick<SolveOptions, 'maxNodes' | 'maxMillis' | 'maxBytes'> {
  return { maxNodes: budget?.maxNodes, maxMillis: budget?.maxMillis, maxBytes: budget?.maxBytes };
}

/** Decides the position (the variant is the position's own). */
export function solve(position: Position, options: SolveOptions = {}): SolveResult {
  const started = performance.now();
  const variant = getVariant(position.variant);
  const rankBuilt = isRankBuilt(variant);
  const maxNodes = options.maxNodes ?? (rankBuilt ? Number.POSITIVE_INFINITY : DEFAULT_MAX_NODES);
  const maxMillis = options.maxMillis ?? (rankBuilt ? DEFAULT_RANK_MAX_MILLIS : Number.POSITIVE_INFINITY);
  const maxBytes = options.maxBytes ?? (rankBuilt ? DEFAULT_RANK_MAX_BYTES : DEFAULT_MAX_BYTES);
  const { signal, onProgress } = options;
  const stop = options.shouldStop;
  let cancelled = false;
  const shouldStop = (): boolean => {
    cancelled = (signal?.aborted ?? false) || (stop !== undefined && stop());
    return cancelled;
  };
  if (shouldStop()) return { verdict: 'unknown', nodes: 0, millis: 0, peakBytes: 0, reason: 'cancelled' };
  const elapsed = (): number => performance.now() - started;
  let nodes = 0;
  let peakBytes = 0;
  const shortening = options.shorten !== false;

  // The search proper: depth-first, complete. When the position is not decided quickly and
  // shortening is wanted, a best-first search gets a turn first (it finds short solutions where
  // depth-first wanders), then depth-first goes on to the end of the budget.
  const depthFirst = (budget: number): { outcome: 'solved' | 'exhausted' | 'stopped'; searcher: Searcher } => {
    const searcher = new Searcher(rulesOf(variant), boardOf(position));
    searcher.initPiles(boardOf(position));
    if (options.forceSafe === false) searcher.forceSafe = false;
    switchOffRules(searcher, options);
    const base = nodes;
    const outcome = searcher.run({
      maxNodes: budget,
      maxMillis: maxMillis - elapsed(),
      maxBytes,
      shouldStop,
      onProgress: onProgress ? (n) => onProgress({ nodes: base + n, millis: elapsed() }) : undefined,
    });
    nodes += searcher.nodes;
    peakBytes = Math.max(peakBytes, searcher.peakBytes);
    searcher.seen.release();
    keepAlive('depth-first search', searcher);
    return { outcome, searcher };
  };
  // A solution found: with shortening on, a bounded search for a shorter one (`budget`
  // positions, none for 0), then the pass that takes out detours; a second solution found on
  // the way (`other`) goes through that pass too, and the shorter is kept.
  const solved = (found: readonly Move[], budget: number, other?: readonly Move[]): SolveResult => {
    let moves = found;
    if (shortening && budget > 0 && moves.length > 0) {
      const shorter = shorten(position, moves, { maxNodes: budget, shouldStop });
      moves = shorter.moves;
      peakBytes = Math.max(peakBytes, shorter.peakBytes);
    }
    const lastPassHere = options.compact !== false;
    if (shortening && lastPassHere) moves = compactShorter(position, moves, other);
    const result: SolveResult = { verdict: 'solvable', moves: [...moves], nodes, millis: elapsed(), peakBytes };
    return shortening && !lastPassHere && other ? { ...result, alternative: other } : result;
  };
  const finish = (searcher: Searcher): SolveResult =>
    solved(engineMoves(position, searcher.trail.toArray(), variant.cells), options.shortenNodes ?? 100_000);
  const unknown = (): SolveResult => {
    const millis = elapsed();
    const reason = cancelled ? 'cancelled' : nodes >= maxNodes ? 'nodes' : millis >= maxMillis ? 'time' : 'memory';
    return { verdict: 'unknown', nodes, millis, peakBytes, reason };
  };

  // The rank-built games (no cells, empty columns never filled) have a search of their own.
  if (isRankBuilt(variant) && options.forceSafe !== false) {
    const rank = solveRankBuilt(
      position,
      variant,
      {
        maxNodes,
        maxMillis: maxMillis - elapsed(),
        maxBytes,
        shouldStop,
        onProgress: onProgress ? (n) => onProgress({ nodes: n, millis: elapsed() }) : undefined,
      },
      {
        deadEnds: options.pruneDeadlocks,
        skeleton: options.pruneDeadlocks !== false,
        stuck: options.pruneDeadlocks !== false && RANK_STUCK_IN.includes(variant.id),
        restartUnit: RANK_RESTART_UNIT,
        restartNoise: RANK_RESTART_NOISE,
      },
      NARROW_SHARE,
    );
    nodes += rank.nodes;
    peakBytes = Math.max(peakBytes, rank.peakBytes);
    // The pass that takes out detours alone: on Baker's Dozen 10001-10100 it left 90.8 moves on
    // average, a search for a shorter solution first (30,000 positions) 89.5 at three times the time.
    if (rank.outcome === 'solved') return solved(rank.moves ?? [], options.shortenNodes ?? 0);
    if (rank.outcome === 'exhausted') return { verdict: 'unsolvable', nodes, millis: elapsed(), peakBytes };
    return { verdict: 'unknown', nodes, millis: elapsed(), peakBytes, reason: cancelled ? 'cancelled' : (rank.stop ?? 'memory') };
  }

  // A complete best-first search guided by a quick estimate: it finds short solutions in a few
  // thousand positions, and when its open list runs dry every reachable position was seen (a
  // proof). When it has not decided within its share, it goes on depth-first from its open
  // nodes (less work and memory per position); a solution found there is shortened.
  let timedOut = false;
  if (options.forceSafe !== false) {
    // Same-suit games go on depth-first from the open nodes (long proofs); in the others a plain
    // depth-first search from the start finds the hard solutions sooner.
    const sameSuit = variant.build === 'same-suit';
    const greedier = TUNE.greedierFor[variant.id];
    const best = bestFirst(position, {
      maxNodes: sameSuit ? maxNodes : Math.min(maxNodes, TUNE.deepAfter),
      weight: greedier?.weight ?? (sameSuit ? TUNE.weight : TUNE.other),
      greedy: true,
      estimateWeights: greedier?.estimate,
      depthFirstAfter: sameSuit ? (TUNE.deepAfterFor[variant.id] ?? TUNE.deepAfter) : undefined,
      depthFirstOrdered: false,
      ruleSwitches: options,
      newestFirst: sameSuit,
      maxBytes,
      shouldStop: () => {
        if (shouldStop()) return true;
        timedOut = elapsed() >= maxMillis;
        return timedOut;
      },
      onProgress: onProgress ? (n) => onProgress({ nodes: n, millis: elapsed() }) : undefined,
    });
    nodes += best.nodes;
    peakBytes = Math.max(peakBytes, best.peakBytes);
    if (best.outcome === 'solved') return solved(best.moves ?? [], options.shortenNodes ?? (best.deep ? SHORTEN_NODES : 0), best.depthFirstMoves);
    if (best.outcome === 'exhausted') return { verdict: 'unsolvable', nodes, millis: elapsed(), peakBytes };
    // Not decided there (or out of memory): a plain depth-first search from the start.
    if (cancelled || timedOut || nodes >= maxNodes) return unknown();
  }
  const rest = depthFirst(maxNodes - nodes);
  if (rest.outcome === 'solved') return finish(rest.searcher);
  if (rest.outcome === 'exhausted') return { verdict: 'unsolvable', nodes, millis: elapsed(), peakBytes };
  return unknown();
}

const GREEDIER = { weight: 10, estimate: [3, 6, 1, 2, 2, 1] };

/** Weight of the estimate against the moves made so far (same-suit games, others); best-first's share of positions. */
export const TUNE = {
  weight: 1,
  /**
   * FreeCell: 4 was set before the estimate knew cards not on their parent and before the
   * pruning rules; with them, 1 visits fewer positions and finds shorter solutions. FreeCell
   * 10001-11000 (best-first's share 200,000): 2.99M -> 2.53M positions, 3.2 s -> 2.0 s, 107.8 ->
   * 98.2 single-card moves; best-first alone (250,000 positions a deal, 10001-10500) weights 1,
   * 2, 3, 4: 1.30M, 1.11M, 1.56M, 1.52M positions, 0, 1, 2, 1 deals undecided, 98.4, 104.8,
   * 106.5, 108.3 moves.
   */
  other: 1,
  deepAfter: 200_000,
  /**
   * Per variant, best-first's share before depth-first goes on from its open nodes. Kings-only
   * Baker's Game loses two deals in three, and a proof visits the same positions in any order,
   * more cheaply depth-first (solutions as short: a depth-first win lets best-first resume for a
   * short one). Baker's Game: the proofs of the lost deals go depth-first, at the cost of
   * positions searched in vain before a winnable deal that is not won by then is won. Since the
   * depth-first part has the cell-build rule (Searcher.buildFromCells) its proofs cost less,
   * and the share went down: Kings-only 500 to 100 (instructions on deals 10001-10300 and
   * 10301-10600: 4.4% and 3.1% fewer; time over 10001-11000, five passes each, median 1863 ms to
   * 1779 ms), Baker's Game 4500 to 1000 (0.3% and 4.1% fewer instructions, more positions but
   * cheaper ones; median time of six passes 1205 ms to 1146 ms; 500: 2.6% and 2.5% fewer
   * instructions, 1163 ms). Those with the rule's first form (every cell full); with its final
   * form, Kings-only 30 did as 100, and Baker's Game 500 took 1.9% fewer instructions than 1000
   * over both sets but the same time (medians 1120 and 1121 ms), with more positions. The same
   * solutions on each set (98.05 and 89.70 moves on 10001-11000). The other games gain nothing.
   */
  deepAfterFor: { 'bakers-game-kings': 100, 'bakers-game': 1000 } as Partial<Record<string, number>>,
  /**
   * Per variant, a greedier first phase: the estimate weighs more against the moves made, and
   * also counts cards not on their parent. Since the last pass (compact.ts) takes the detours
   * out of the solutions found, this finds them in fewer positions at about the same length.
   * Measured on deals 1-1000 of Baker's Game: 38% fewer positions for the winnable deals (2.10M
   * to 1.31M), 98.8 single-card moves on average (99.5 before, without the pass). Kings-only,
   * Eight Off and Seahaven Towers need more positions with it.
   */
  greedierFor: {
    'bakers-game': GREEDIER,
    'bakers-game-3': GREEDIER,
    'bakers-game-5': GREEDIER,
    'bakers-game-6': GREEDIER,
    'bakers-game-relaxed': GREEDIER,
  } as Partial<Record<string, { weight: number; estimate: readonly number[] }>>,
};
/**
 * Positions of the rank-built search's first run before it starts again in another order
 * (later runs follow the Luby sequence, see rank/rankSearch.ts). Measured on Baker's Dozen and
 * Good Measure deals 10001-10300: without restarts the search loses itself in one region of a
 * winnable deal (11 of Baker's Dozen 1-100 undecided in 5 s); with them 299 of 300 were won.
 */
const RANK_RESTART_UNIT = 2000;
/**
 * How much a restart shuffles the move order: added to scores that span about 500, so after the
 * first run (the scores' own order) each run takes the moves in nearly random order, with a
 * lean to the better ones. Good Measure 10001-10200 with 2 million positions a deal: 184 won, 8
 * undecided at 60; 186 won, 6 undecided at 150. Raised to 3000 (same verdicts on each set, 10 s a
 * deal): Good Measure 10101-10400 53.4 s -> 39.9 s, 10401-10700 40.9 s -> 30.2 s; Baker's Dozen
 * 10001-10500 2.8 s -> 1.6 s; Spanish Patience 10001-10500 8.2 s -> 1.2 s. And at the player's
 * side (Hint's budget, 200 positions from random play, seed 8; seed 7 is the one bench:assist
 * reports): 95th percentile Good Measure 694 -> 151 ms, Baker's Dozen 16 -> 10, Spanish Patience
 * 26 -> 7. 1000 did about as well, 100,000 (no lean at all) as well on Good Measure; a first run
 * of 1000 or 4000 positions (see RANK_RESTART_UNIT) did worse with it.
 */
const RANK_RESTART_NOISE = 3000;
/**
 * The games whose complete search drops positions from which no card can go home again
 * (rank/rankStuck.ts). Good Measure loses about one deal in eighteen, and there the rule cuts a
 * proof by 15-40% (deals 27, 515). Baker's Dozen loses one deal in a thousand: there the rule
 * only moves the restarts elsewhere, and deal 152, won in about 3 s without it, was undecided after
 * 10 s with it.
 */
const RANK_STUCK_IN: readonly string[] = ['good-measure'];
/** Shortening budget for a solution found depth-first. */
const SHORTEN_NODES = 30_000;
