/**
 * Solving a rank-built game (Baker's Dozen, Good Measure, Spanish Patience) with
 * {@link RankSearch}: from an engine position to a verdict and engine moves.
 */
import type { Move, Position, Variant } from '../../engine';
import { HOME, RankBoard, rankMoveDst, rankMoveSrc } from './rankBoard';
import { ComponentSearch } from './rankComponentSearch';
import { RankSearch, type RankLimits, type RankRules, type RankStop } from './rankSearch';
import { SkeletonProver, rootAnchors } from './rankSkeleton';

export { isRankBuilt } from './rankBuilt';

/** What {@link solveRankBuilt} found. */
export interface RankResult {
  readonly outcome: 'solved' | 'exhausted' | 'stopped';
  readonly moves?: readonly Move[];
  readonly nodes: number;
  readonly peakBytes: number;
  readonly stop?: RankStop;
  /** The time the narrow search was given, when it ran (its share, capped: {@link narrowMillis}). */
  readonly narrowMillis?: number;
}

/**
 * How the first, narrow search is run: at most {@link NARROW_RUN} move that can be taken back in
 * a row, for {@link NARROW_SHARE} of the budget (a third until the skeletons came). Good Measure
 * deals 10001-10300, 3 million positions a deal: the complete search alone left 9 undecided
 * (39.6 M positions in all); a third of the budget to the narrow search first, 6 (29.1 M), and
 * with restarts shuffled more (150), 5 (26.4 M). Two in a row did as one; none at all lost its
 * way (10 undecided, 122 M).
 */
export const NARROW_RUN = 1;
/**
 * A fifth since the searches drop boards whose skeleton is lost (rankSkeleton.ts): Good Measure
 * deals 10001-12000, 10 s a deal, the same verdicts in 76.7 s instead of 87.9 s with a third (two
 * one-core runs side by side); Hint's budget on 200 positions of random play (seed 8): 95th
 * percentile 72 ms instead of 77, the badge deciding all 200 either way; Baker's Dozen and Spanish
 * Patience 10001-12000 unchanged.
 */
export const NARROW_SHARE = 1 / 5;

/**
 * At most this long for the narrow search before components, whatever the budget: with more time
 * (`--max-seconds 120`) the search by components takes the rest. (Spanish Patience has no search
 * by components: there the narrow search keeps its share.)
 */
export const PHASE_MAX_MILLIS = 10_000;

/**
 * The narrow search's time: its share of the budget, capped at {@link PHASE_MAX_MILLIS} only
 * where the search by components follows (in Spanish Patience the search of boards that follows
 * gains nothing from the cap).
 */
export function narrowMillis(maxMillis: number, narrowShare: number, byComponents: boolean): number {
  const share = maxMillis * narrowShare;
  return byComponents ? Math.min(share, PHASE_MAX_MILLIS) : share;
}

/**
 * Decides `position` of a rank-built variant within `limits`: first a narrow search that may
 * take few moves that can be taken back in a row (it finds many hard wins sooner, but cannot
 * prove a loss), then, where foundations go by suit, the complete search by components with the
 * rest (in Spanish Patience, or with `rules.components` false, the complete search of boards).
 * `narrowShare` 0 skips the narrow search.
 *
 * A third of the budget for the complete search of boards between the two, with restarts in the
 * old, nearly fixed order, found some wins sooner (Baker's Dozen deal 152 in 3.6 s, more than
 * 10 s by components; Good Measure 1-1000, 10 s a deal: 13 undecided with it, 14 without). Since
 * restarts take nearly random orders (solve.ts) the narrow search finds those wins, and the search
 * by components the rest sooner than boards do: 10 s a deal, Good Measure 10001-11000 with a
 * third for boards 4 undecided in 133 s, without 3 in 99 s; Baker's Dozen 10001-15000 the same 3
 * undecided either way (56.6 s, 55.3 s). So it was taken out.
 */
export function solveRankBuilt(position: Position, variant: Variant, limits: RankLimits, rules: RankRules = {}, narrowShare = 0): RankResult {
  const started = performance.now();
  const spanish = variant.foundation === 'alternate-colour';
  let nodes = 0;
  let peakBytes = 0;
  const byComponents = !spanish && rules.components !== false;
  let narrowGiven: number | undefined;
  // Losses first: most lost deals are proved on their skeleton at once, and a won one costs little here.
  const skeleton = spanish || rules.skeleton === false ? undefined : new SkeletonProver(position.columns);
  if (skeleton !== undefined) {
    skeleton.setLimits({
      maxNodes: SKELETON_MAX_NODES,
      deadline: started + limits.maxMillis,
      maxBytes: Math.min(SKELETON_MAX_BYTES, limits.maxBytes / 4),
      shouldStop: limits.shouldStop,
    });
    const anchors = rootAnchors(position.columns);
    const foundationHeights = position.foundations.map((pile) => pile.length);
    if (skeleton.isLost(foundationHeights, anchors)) return { outcome: 'exhausted', nodes: skeleton.nodes, peakBytes: skeleton.bytes };
    if (limits.shouldStop?.() === true) return { outcome: 'stopped', nodes: skeleton.nodes, peakBytes: skeleton.bytes, stop: 'cancelled' };
  }
  if (narrowShare > 0 && rules.reversibleRun === undefined) {
    narrowGiven = narrowMillis(limits.maxMillis, narrowShare, byComponents);
    const narrow = new RankSearch(new RankBoard(position.columns, position.foundations, spanish), { ...rules, reversibleRun: NARROW_RUN, stuck: false }, skeleton);
    const outcome = narrow.run({
      ...limits,
      maxNodes: Math.max(1, Math.floor(limits.maxNodes * narrowShare)),
      maxMillis: narrowGiven,
    });
    narrow.release();
    if (outcome === 'solved') return { outcome, nodes: narrow.nodes, peakBytes: narrow.peakBytes, moves: movesOf(narrow), narrowMillis: narrowGiven };
    if (narrow.stop === 'cancelled') return { outcome, nodes: narrow.nodes, peakBytes: narrow.peakBytes, stop: narrow.stop, narrowMillis: narrowGiven };
    nodes = narrow.nodes;
    peakBytes = narrow.peakBytes;
  }
  const rest = { ...limits, maxNodes: limits.maxNodes - nodes, maxMillis: limits.maxMillis - (performance.now() - started) };
  if (byComponents) {
    const components = new ComponentSearch(position.columns, position.foundations, {
      deadEnds: rules.deadEnds,
      stuck: rules.stuck,
      forceSafe: rules.forceSafe,
      loneCards: rules.loneCards,
      deferPairings: rules.deferPairings,
      restartUnit: rules.restartUnit ? (rules.componentRestartUnit ?? COMPONENT_RESTART_UNIT) : 0,
      restartNoise: rules.restartNoise,
      skeleton,
    });
    const outcome = components.run({ ...rest, maxNodes: Math.max(1, Math.floor(rest.maxNodes / COMPONENT_WEIGHT)), onProgress: limits.onProgress && ((n, ms) => limits.onProgress?.(nodes + n * COMPONENT_WEIGHT, ms)) });
    components.release();
    const result = { outcome, nodes: nodes + components.nodes * COMPONENT_WEIGHT, peakBytes: Math.max(peakBytes, components.peakBytes), stop: components.stop, narrowMillis: narrowGiven };
    return outcome === 'solved' ? { ...result, moves: movesOfTrail(components.solution) } : result;
  }
  const search = new RankSearch(new RankBoard(position.columns, position.foundations, spanish), rules, skeleton);
  const outcome = search.run(rest);
  search.release();
  const result = { outcome, nodes: nodes + search.nodes, peakBytes: Math.max(peakBytes, search.peakBytes), stop: search.stop, narrowMillis: narrowGiven };
  return outcome === 'solved' ? { ...result, moves: movesOf(search) } : result;
}

/**
 * Boards a component of the complete search counts as in a budget of boards: searching one
 * costs about as much time as that many boards of the narrow search.
 */
export const COMPONENT_WEIGHT = 8;

/** Components of the complete search's first run before a restart, when the board search would restart. */
export const COMPONENT_RESTART_UNIT = 1000;

/**
 * Skeletons one solve may search at most (about a microsecond each), and the memory for their
 * answers: Good Measure deal 607 (lost) needs 59 thousand.
 */
export const SKELETON_MAX_NODES = 4_000_000;
const SKELETON_MAX_BYTES = 128 << 20;

/** The engine moves of a search's trail (a win). */
function movesOf(search: RankSearch): Move[] {
  return movesOfTrail(search.trail.toArray());
}

/** The engine moves of packed moves. */
function movesOfTrail(trail: readonly number[]): Move[] {
  const moves: Move[] = [];
  for (const m of trail) {
    const dst = rankMoveDst(m);
    moves.push({
      from: { kind: 'tableau', index: rankMoveSrc(m) },
      to: dst >= HOME ? { kind: 'foundation', index: dst - HOME } : { kind: 'tableau', index: dst },
      count: 1,
    });
  }
  return moves;
}
