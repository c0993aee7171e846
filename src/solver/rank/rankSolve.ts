/**
 * Solving a rank-built game (Baker's Dozen, Good Measure, Spanish Patience) with
 * {@link RankSearch}: from an engine position to a verdict and engine moves.
 */
import type { Move, Position, Variant } from '../../engine';
import { HOME, RankBoard, rankMoveDst, rankMoveSrc } from './rankBoard';
import { RankSearch, type RankLimits, type RankRules, type RankStop } from './rankSearch';

export { isRankBuilt } from './rankBuilt';

/** What {@link solveRankBuilt} found. */
export interface RankResult {
  readonly outcome: 'solved' | 'exhausted' | 'stopped';
  readonly moves?: readonly Move[];
  readonly nodes: number;
  readonly peakBytes: number;
  readonly stop?: RankStop;
}

/**
 * How the first, narrow search is run: at most {@link NARROW_RUN} move that can be taken back in
 * a row, for {@link NARROW_SHARE} of the budget. Good Measure deals 10001-10300, 3 million
 * positions a deal: the complete search alone left 9 undecided (39.6 M positions in all); a
 * third of the budget to the narrow search first, 6 (29.1 M), and with restarts shuffled more
 * (150), 5 (26.4 M). Two in a row did as one; none at all lost its way (10 undecided, 122 M).
 */
export const NARROW_RUN = 1;
export const NARROW_SHARE = 1 / 3;

/**
 * Decides `position` of a rank-built variant within `limits`: first a narrow search that may
 * take few moves that can be taken back in a row (it finds many hard wins sooner, but cannot
 * prove a loss), then the complete search with the rest of the budget.
 * `narrowShare` 0 runs the complete search alone.
 */
export function solveRankBuilt(position: Position, variant: Variant, limits: RankLimits, rules: RankRules = {}, narrowShare = 0): RankResult {
  const started = performance.now();
  const spanish = variant.foundation === 'alternate-colour';
  let nodes = 0;
  let peakBytes = 0;
  if (narrowShare > 0 && rules.reversibleRun === undefined) {
    const narrow = new RankSearch(new RankBoard(position.columns, position.foundations, spanish), { ...rules, reversibleRun: NARROW_RUN, stuck: false });
    const outcome = narrow.run({
      ...limits,
      maxNodes: Math.max(1, Math.floor(limits.maxNodes * narrowShare)),
      maxMillis: limits.maxMillis * narrowShare,
    });
    if (outcome === 'solved') return { outcome, nodes: narrow.nodes, peakBytes: narrow.peakBytes, moves: movesOf(narrow) };
    if (narrow.stop === 'cancelled') return { outcome, nodes: narrow.nodes, peakBytes: narrow.peakBytes, stop: narrow.stop };
    nodes = narrow.nodes;
    peakBytes = narrow.peakBytes;
  }
  const search = new RankSearch(new RankBoard(position.columns, position.foundations, spanish), rules);
  const outcome = search.run({ ...limits, maxNodes: limits.maxNodes - nodes, maxMillis: limits.maxMillis - (performance.now() - started) });
  const result = { outcome, nodes: nodes + search.nodes, peakBytes: Math.max(peakBytes, search.peakBytes), stop: search.stop };
  return outcome === 'solved' ? { ...result, moves: movesOf(search) } : result;
}

/** The engine moves of a search's trail (a win). */
function movesOf(search: RankSearch): Move[] {
  const moves: Move[] = [];
  for (let i = 0; i < search.trail.length; i++) {
    const m = search.trail.data[i];
    const dst = rankMoveDst(m);
    moves.push({
      from: { kind: 'tableau', index: rankMoveSrc(m) },
      to: dst >= HOME ? { kind: 'foundation', index: dst - HOME } : { kind: 'tableau', index: dst },
      count: 1,
    });
  }
  return moves;
}
