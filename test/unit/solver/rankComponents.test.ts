import * as assert from 'node:assert/strict';
import { getVariant, type Position } from '../../../src/engine';
import { RankBoard } from '../../../src/solver/rank/rankBoard';
import { ComponentExpander } from '../../../src/solver/rank/rankComponents';
import type { RankRules } from '../../../src/solver/rank/rankSearch';
import { solveRankBuilt } from '../../../src/solver/rank/rankSolve';
import { assertWins, deal, playRandomly, randomBelow, rankMovesOf as movesOf } from './support';

const BY_SUIT = ['bakers-dozen', 'good-measure'] as const;

/** A deal, then random single-card moves (home moves twice as likely). */
function midGame(variant: string, n: number, random: (below: number) => number, maxSteps = 30): Position {
  return playRandomly(deal(variant, 40_000 + n), random(maxSteps), random);
}


/** The component key of `board` as the expander reads it (it loads the board's exact key). */
function componentKeyOf(expander: ComponentExpander, board: RankBoard, work: RankBoard): string {
  expander.load(board.key, 0, work);
  const key = new Uint32Array(5);
  expander.componentKey(key);
  return key.join();
}

/**
 * Every board reachable from `start` by moves that can be taken back (a card off a card one
 * rank higher onto another), as exact keys, and the keys of the components their other moves
 * lead to. Undefined when there are more than `limit` boards.
 */
function explore(start: RankBoard, expander: ComponentExpander, work: RankBoard, limit: number): { boards: Set<string>; components: Set<string>; next: Set<string> } | undefined {
  const boards = new Set<string>([start.key.join()]);
  const components = new Set<string>();
  const next = new Set<string>();
  // Breadth-first from a queue of exact keys (a recursive walk overflows the stack on large components).
  const walker = new RankBoard(start.columns(), [0, 1, 2, 3].map((suit) => Array.from({ length: start.fh[suit] }, (_, rank) => rank * 4 + suit)), false);
  const queue: Uint32Array[] = [start.key.slice()];
  while (queue.length > 0) {
    expander.load(queue.pop()!, 0, walker);
    components.add(componentKeyOf(expander, walker, work));
    for (const m of movesOf(walker)) {
      const reversible = walker.isReversible(m);
      walker.apply(m);
      if (!reversible) next.add(componentKeyOf(expander, walker, work));
      else if (!boards.has(walker.key.join())) {
        boards.add(walker.key.join());
        if (boards.size > limit) return undefined;
        queue.push(walker.key.slice());
      }
      walker.undo(m);
    }
  }
  return { boards, components, next };
}

/** How many arrangements the component of the board loaded in `expander` has, by its counts. */
function arrangements(board: RankBoard, expander: ComponentExpander): number {
  let count = 1;
  for (let r = 0; r < 12; r++) {
    let parents = 0;
    let free = 0;
    let fixed = 0;
    for (let card = 0; card < 52; card++) {
      if (board.where[card] === 0xffff) continue;
      if (card >> 2 === r + 1 && (expander.loose[card] === 1 || expander.anchor[card] === 1)) parents++;
      if (card >> 2 === r && expander.loose[card] === 1) {
        if (expander.fixed[card] === 1) fixed++;
        else free++;
      }
    }
    for (let i = 0; i < free; i++) count *= parents - fixed - i;
  }
  return count;
}

describe('rank-built search by components (Baker\'s Dozen, Good Measure)', function () {
  this.timeout(300_000);

  it('the boards reachable by moves between columns are exactly those of one component key, as many as its counts say', () => {
    let checked = 0;
    let largest = 0;
    for (const variant of BY_SUIT) {
      const random = randomBelow(variant.length * 7);
      for (let n = 1; n <= 80; n++) {
        const position = midGame(variant, n, random, 40);
        const board = new RankBoard(position.columns, position.foundations, false);
        const work = new RankBoard(position.columns, position.foundations, false);
        const expander = new ComponentExpander(board);
        const found = explore(board, expander, work, 20_000);
        if (found === undefined) continue;
        assert.equal(found.components.size, 1, `${variant} ${n}: boards of one component with different keys`);
        expander.load(board.key, 0, work);
        assert.equal(found.boards.size, arrangements(work, expander), `${variant} ${n}: another number of boards than the counts give`);
        // No board outside it has its key: every move that cannot be taken back leaves it.
        assert.ok(!found.next.has([...found.components][0]), `${variant} ${n}: a move that cannot be taken back kept the key`);
        checked++;
        largest = Math.max(largest, found.boards.size);
      }
    }
    assert.ok(checked >= 120 && largest >= 100, `checked ${checked} components, the largest of ${largest} boards`);
  });

  it('the ways out of a component reach exactly the components its boards lead to by moves that cannot be taken back', () => {
    let checked = 0;
    let several = 0;
    for (const variant of BY_SUIT) {
      const random = randomBelow(variant.length * 11);
      for (let n = 1; n <= 80; n++) {
        const position = midGame(variant, n, random, 40);
        const board = new RankBoard(position.columns, position.foundations, false);
        const work = new RankBoard(position.columns, position.foundations, false);
        const expander = new ComponentExpander(board);
        // Every move, a lone card's too: the search's rule that keeps it in place is checked by verdicts.
        expander.loneCards = false;
        const found = explore(board, expander, work, 5000);
        if (found === undefined) continue;
        const listed = new Set<string>();
        const keys: number[] = [];
        expander.load(board.key, 0, work);
        expander.exits(work, (card, toHome) => expander.expandExit(card, toHome, keys));
        for (let i = 0; i < keys.length; i += 10) listed.add(keys.slice(i + 5, i + 10).map((w) => w >>> 0).join());
        // Each listed board is one of its component: its exact key gives the same component key.
        for (let i = 0; i < keys.length; i += 10) {
          const exact = Uint32Array.from(keys.slice(i, i + 5));
          const other = new ComponentExpander(board);
          other.load(exact, 0, work);
          const key = new Uint32Array(5);
          other.componentKey(key);
          assert.equal(key.join(), keys.slice(i + 5, i + 10).map((w) => w >>> 0).join(), `${variant} ${n}: a board listed under another component's key`);
        }
        assert.deepEqual([...listed].sort(), [...found.next].sort(), `${variant} ${n}: other components than the boards lead to`);
        checked++;
        if (found.next.size > 1) several++;
      }
    }
    assert.ok(checked >= 120 && several >= 60, `checked ${checked} components, ${several} with several ways out`);
  });

  it('the search by components gives the verdicts of the complete search of boards, alone and with every rule, its wins replayed in the engine', () => {
    const none: RankRules = { deadEnds: false, loneCards: false, forceSafe: false, shuffleUse: false, stuck: false, skeleton: false };
    for (const variant of BY_SUIT) {
      const seen = { solved: 0, exhausted: 0 };
      const random = randomBelow(variant.length * 13);
      for (let n = 1; seen.solved + seen.exhausted < 25 && n <= 100; n++) {
        const position = midGame(variant, 200 + n, random);
        const limits = { maxNodes: 60_000, maxMillis: 30_000, maxBytes: 256 << 20 };
        const boards = solveRankBuilt(position, getVariant(variant), limits, { ...none, components: false });
        if (boards.outcome === 'stopped') continue;
        seen[boards.outcome]++;
        const ways: [string, RankRules, number][] = [
          ['components alone', { ...none }, 0],
          ['components with every rule', {}, 0],
          ['components with restarts', { restartUnit: 50, componentRestartUnit: 20 }, 0],
          // As a solve runs it: the narrow search, then by components.
          ['narrow, then components', { restartUnit: 50, componentRestartUnit: 20 }, 0.2],
        ];
        for (const [name, rules, narrowShare] of ways) {
          const found = solveRankBuilt(position, getVariant(variant), { ...limits, maxNodes: 8 * 60_000 }, rules, narrowShare);
          if (found.outcome === 'stopped') continue;
          assert.equal(found.outcome, boards.outcome, `${variant} ${n}, ${name}: another verdict`);
          if (found.moves) assertWins(position, found.moves, `${variant} ${n}, ${name}`);
        }
      }
      assert.ok(seen.solved >= 5 && seen.exhausted >= 5, `${variant}: decided ${JSON.stringify(seen)}`);
    }
  });
});
