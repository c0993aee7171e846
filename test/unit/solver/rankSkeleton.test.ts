import * as assert from 'node:assert/strict';
import { getVariant, type Position } from '../../../src/engine';
import { RankBoard } from '../../../src/solver/rank/rankBoard';
import { ComponentExpander } from '../../../src/solver/rank/rankComponents';
import type { RankRules } from '../../../src/solver/rank/rankSearch';
import { SkeletonProver, rootAnchors } from '../../../src/solver/rank/rankSkeleton';
import { solveRankBuilt } from '../../../src/solver/rank/rankSolve';
import { assertWins, deal, playRandomly, randomBelow, rankMovesOf } from './support';

const BY_SUIT = ['bakers-dozen', 'good-measure'] as const;
const UNLIMITED = { maxNodes: Number.POSITIVE_INFINITY, deadline: Number.POSITIVE_INFINITY, maxBytes: 1 << 30 };
/** A complete search with no rule that proves losses (nor the skeleton's). */
const PLAIN: RankRules = { deadEnds: false, stuck: false, skeleton: false };

/** A prover for boards of the game from `root`, and the skeleton of such a board as it reads it. */
function proverFor(root: Position, forceSafe = true): { prover: SkeletonProver; lost: (board: RankBoard) => boolean } {
  const prover = new SkeletonProver(root.columns, forceSafe);
  prover.setLimits(UNLIMITED);
  const rootBoard = new RankBoard(root.columns, root.foundations, false);
  const expander = new ComponentExpander(rootBoard);
  const work = new RankBoard(root.columns, root.foundations, false);
  return {
    prover,
    lost: (board) => {
      expander.load(board.key, 0, work);
      return prover.isLost(work.fh, expander.anchorAt);
    },
  };
}

describe('skeletons of the rank-built games (Baker\'s Dozen, Good Measure)', function () {
  this.timeout(300_000);

  it('a move never leads from a skeleton proved lost to one that is not (random games, one prover a deal)', () => {
    let provedLost = 0;
    let notProved = 0;
    let moves = 0;
    for (const variant of BY_SUIT) {
      const random = randomBelow(variant.length * 7);
      for (let n = 1; n <= 60; n++) {
        const root = deal(variant, 70_000 + n);
        const { lost } = proverFor(root);
        const board = new RankBoard(root.columns, root.foundations, false);
        let before = lost(board);
        for (let step = 0; step < 120; step++) {
          const legal = rankMovesOf(board);
          if (legal.length === 0) break;
          board.apply(legal[random(legal.length)]);
          moves++;
          const after = lost(board);
          // A real move is a skeleton move or none, so a skeleton that can be won was won before.
          if (before) assert.ok(after, `${variant} deal ${70_000 + n}, move ${step + 1}: lost before, not after`);
          if (after) provedLost++;
          else notProved++;
          before = after;
        }
      }
    }
    assert.ok(provedLost >= 200 && notProved >= 2000, `${provedLost} boards proved lost, ${notProved} not, in ${moves} moves`);
  });

  it('no board of a winning line is proved lost, and a board proved lost is lost for a complete search', () => {
    const seen = { won: 0, lost: 0, wonBoards: 0 };
    for (const variant of BY_SUIT) {
      const random = randomBelow(variant.length * 11);
      for (let n = 1; n <= 80 && (seen.lost < 30 || n <= 40); n++) {
        const position = playRandomly(deal(variant, 80_000 + n), random(40), random);
        const { lost } = proverFor(position);
        const board = new RankBoard(position.columns, position.foundations, false);
        const full = solveRankBuilt(position, getVariant(variant), { maxNodes: 2_000_000, maxMillis: 30_000, maxBytes: 256 << 20 }, PLAIN);
        if (lost(board)) {
          assert.equal(full.outcome === 'solved', false, `${variant} deal ${80_000 + n}: proved lost, yet won`);
          if (full.outcome === 'exhausted') seen.lost++;
        }
        if (full.outcome !== 'solved') continue;
        seen.won++;
        assertWins(position, full.moves ?? [], `${variant} deal ${80_000 + n}`);
        // Every board along the win, from a fresh prover (and the same one, which remembers).
        const fresh = proverFor(position);
        for (const move of full.moves ?? []) {
          assert.equal(lost(board), false, `${variant} deal ${80_000 + n}: a board of the win proved lost`);
          board.apply(moveOf(board, move.from.index, move.to.kind === 'foundation' ? -1 : move.to.index));
          assert.equal(fresh.lost(board), false, `${variant} deal ${80_000 + n}: a board of the win proved lost (fresh prover)`);
          seen.wonBoards++;
        }
      }
    }
    assert.ok(seen.won >= 20 && seen.lost >= 10, `decided ${JSON.stringify(seen)}`);
  });

  it('a board read by its key (as the search of boards asks) gets the answer of its component\'s skeleton', () => {
    let lost = 0;
    let asked = 0;
    for (const variant of BY_SUIT) {
      const random = randomBelow(variant.length * 23);
      for (let n = 1; n <= 30; n++) {
        const root = deal(variant, 95_000 + n);
        const byComponent = proverFor(root);
        const byKey = new SkeletonProver(root.columns);
        byKey.setLimits(UNLIMITED);
        const board = new RankBoard(root.columns, root.foundations, false);
        for (let step = 0; step < 100; step++) {
          const answer = byKey.isBoardLost(board);
          assert.equal(answer, byComponent.lost(board), `${variant} deal ${95_000 + n}, move ${step}: the key and the component read other skeletons`);
          asked++;
          if (answer) lost++;
          const legal = rankMovesOf(board);
          if (legal.length === 0) break;
          board.apply(legal[random(legal.length)]);
        }
      }
    }
    assert.ok(lost >= 100 && asked - lost >= 100, `${lost} of ${asked} proved lost`);
  });

  it('the safe move as the only one tried changes no answer', () => {
    let lost = 0;
    let asked = 0;
    for (const variant of BY_SUIT) {
      const random = randomBelow(variant.length * 17);
      for (let n = 1; n <= 40; n++) {
        const root = deal(variant, 90_000 + n);
        const forced = proverFor(root);
        const every = proverFor(root, false);
        const board = new RankBoard(root.columns, root.foundations, false);
        for (let step = 0; step < 100; step++) {
          const answer = forced.lost(board);
          assert.equal(every.lost(board), answer, `${variant} deal ${90_000 + n}, move ${step}: another answer without the safe rule`);
          asked++;
          if (answer) lost++;
          const legal = rankMovesOf(board);
          if (legal.length === 0) break;
          board.apply(legal[random(legal.length)]);
        }
      }
    }
    assert.ok(lost >= 100 && asked - lost >= 100, `${lost} of ${asked} proved lost`);
  });

  it('a prover out of its limits answers "not proved", and what it settled before stays known', () => {
    const root = deal('good-measure', 607);
    const prover = new SkeletonProver(root.columns);
    const anchors = rootAnchors(root.columns);
    const heights = root.foundations.map((pile) => pile.length);
    prover.setLimits({ ...UNLIMITED, maxNodes: 100 });
    assert.equal(prover.isLost(heights, anchors), false, 'proved within 100 skeletons');
    prover.setLimits({ ...UNLIMITED, deadline: performance.now() - 1 });
    assert.equal(prover.isLost(heights, anchors), false, 'proved after its deadline');
    prover.setLimits(UNLIMITED);
    assert.equal(prover.isLost(heights, anchors), true, 'not proved with no limit');
    const searched = prover.nodes;
    prover.setLimits({ ...UNLIMITED, maxNodes: 0 });
    assert.equal(prover.isLost(heights, anchors), true, 'forgotten');
    assert.equal(prover.nodes, searched);
  });

  it('Good Measure deals that no other search here decides within 120 s are proved lost at the root, in few skeletons', () => {
    for (const n of [607, 636, 660, 779, 888]) {
      const position = deal('good-measure', n);
      const result = solveRankBuilt(position, getVariant('good-measure'), { maxNodes: 1e9, maxMillis: 60_000, maxBytes: 256 << 20 }, {}, 1 / 3);
      assert.equal(result.outcome, 'exhausted', `deal ${n}`);
      assert.ok(result.nodes < 200_000, `deal ${n}: ${result.nodes} skeletons`);
    }
  });
});

/** The packed move of the board from column `from` to column `to` (−1: home). */
function moveOf(board: RankBoard, from: number, to: number): number {
  const found = rankMovesOf(board).find((m) => (m & 31) === from && (to < 0 ? ((m >> 5) & 31) >= 24 : ((m >> 5) & 31) === to));
  assert.ok(found !== undefined, `no move from column ${from} to ${to}`);
  return found;
}
