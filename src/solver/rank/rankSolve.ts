/**
 * Solving a rank-built game (Baker's Dozen, Good Measure, Spanish Patience) with
 * {@link RankSearch}: from an engine position to a verdict and engine moves.
 */
import type { Move, Position, Variant } from '../../engine';
import { HOME, RankBoard, rankMoveDst, rankMoveSrc } from './rankBoard';
import { RankSearch, type RankLimits, type RankRules, type RankStop } from './rankSearch';

/** Whether the variant is played by {@link solveRankBuilt}: no cells, empty columns never filled, one card a move. */
export function isRankBuilt(variant: Variant): boolean {
  return variant.cells === 0 && variant.emptyColumn === 'none' && variant.build === 'any-suit' && variant.sequenceLimit === 'one';
}

/** What {@link solveRankBuilt} found. */
export interface RankResult {
  readonly outcome: 'solved' | 'exhausted' | 'stopped';
  readonly moves?: readonly Move[];
  readonly nodes: number;
  readonly peakBytes: number;
  readonly stop?: RankStop;
}

/** Decides `position` of a rank-built variant within `limits`. */
export function solveRankBuilt(position: Position, variant: Variant, limits: RankLimits, rules: RankRules = {}): RankResult {
  const board = new RankBoard(position.columns, position.foundations, variant.foundation === 'alternate-colour');
  const search = new RankSearch(board, rules);
  const outcome = search.run(limits);
  const result = { outcome, nodes: search.nodes, peakBytes: search.peakBytes, stop: search.stop };
  if (outcome !== 'solved') return result;
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
  return { ...result, moves };
}
