import * as assert from 'node:assert/strict';
import { applyMove, getVariant, isWon, legalMoves, parseBoard, performMove, type Position } from '../../../src/engine';
import { solve } from '../../../src/solver';
import { boardOf } from '../../../src/solver/board';
import { rulesOf } from '../../../src/solver/rules';
import { Searcher } from '../../../src/solver/searcher';
import type { SolveOptions, SolveResult } from '../../../src/solver/solve';
import { HARD_DEAL, assertWins, deal, randomBelow } from './support';

describe('solve()', function () {
  this.timeout(60000);

  it('FreeCell deal 11982 is proved unsolvable; deals 1-20 are solved', () => {
    assert.equal(solve(deal('freecell', 11982)).verdict, 'unsolvable');
    for (let n = 1; n <= 20; n++) {
      const position = deal('freecell', n);
      const result = solve(position);
      assert.equal(result.verdict, 'solvable', `FreeCell deal ${n}`);
      assertWins(position, result.moves ?? [], `FreeCell deal ${n}`);
    }
  });

  const variants = [
    'bakers-game-relaxed',
    'bakers-game-3',
    'bakers-game-5',
    'bakers-game-6',
    'eight-off',
    'seahaven',
    'bakers-dozen',
    'bakers-dozen-easy',
    'good-measure',
    'spanish-patience',
  ];
  for (const variant of variants) {
    it(`${variant}: several of deals 1-6 solved, every solution replays to a win`, () => {
      let solved = 0;
      for (let n = 1; n <= 6; n++) {
        const position = deal(variant, n);
        const result = solve(position, { maxNodes: 300_000 });
        if (result.verdict === 'solvable') {
          assertWins(position, result.moves ?? [], `${variant} deal ${n}`);
          solved++;
        }
      }
      assert.ok(solved >= 2, `${variant}: only ${solved} of deals 1-6 solved`);
    });
  }

  it('solves from a position in mid-game, not only from a deal', () => {
    const start = deal('bakers-game', 1);
    const moves = solve(start, { shorten: false }).moves ?? [];
    let position: Position = start;
    for (const move of moves.slice(0, Math.floor(moves.length / 2))) {
      const applied = applyMove(position, move);
      assert.ok(applied.ok);
      position = applied.value.position;
    }
    const result = solve(position);
    assert.equal(result.verdict, 'solvable');
    assertWins(position, result.moves ?? [], 'mid-game');
  });

  it('a won position is solvable with no moves', () => {
    const won = parseBoard('Foundations: H-K C-K D-K S-K\n', 'bakers-game');
    assert.ok(won.ok);
    const result = solve(won.value);
    assert.equal(result.verdict, 'solvable');
    assert.deepEqual(result.moves, []);
  });

  it('a board where nothing can move is unsolvable', () => {
    // Baker's Dozen, two columns: the 2♦ covers the A♣ and the 2♣ covers the A♦; no 3 is free.
    const stuck = parseBoard(
      'Foundations: H-K C-0 D-0 S-K\n' +
        ['KC QC JC TC 9C 8C 7C 6C 5C 4C 3C AC 2D', 'KD QD JD TD 9D 8D 7D 6D 5D 4D 3D AD 2C'].join('\n'),
      'bakers-dozen',
    );
    assert.ok(stuck.ok, stuck.ok ? '' : JSON.stringify(stuck.refusal));
    const result = solve(stuck.value);
    assert.equal(result.verdict, 'unsolvable');
  });

  it('budgets and cancellation give unknown, never unsolvable', () => {
    const lost = deal('bakers-game', 10); // not winnable: the full proof needs thousands of nodes
    const byNodes = solve(lost, { maxNodes: 100 });
    assert.equal(byNodes.verdict, 'unknown');
    assert.equal(byNodes.reason, 'nodes');
    const byTime = solve(deal(HARD_DEAL.variant, HARD_DEAL.deal), { maxMillis: 1 });
    assert.equal(byTime.verdict, 'unknown');
    const byMemory = solve(lost, { maxBytes: 64 * 1024 });
    assert.equal(byMemory.verdict, 'unknown');
    assert.equal(byMemory.reason, 'memory');
    const controller = new AbortController();
    controller.abort();
    const aborted = solve(lost, { signal: controller.signal });
    assert.equal(aborted.verdict, 'unknown');
    assert.equal(aborted.reason, 'cancelled');
    let calls = 0;
    const stopped = solve(deal(HARD_DEAL.variant, HARD_DEAL.deal), {
      shouldStop: () => ++calls > 2,
    });
    assert.equal(stopped.verdict, 'unknown');
    assert.equal(stopped.reason, 'cancelled');
  });

  it('forced safe foundation moves change no verdict (checked against a search without them)', () => {
    for (const [variant, n] of [
      ['bakers-game', 10],
      ['bakers-game', 2],
      ['bakers-game-kings', 1],
      ['eight-off', 1],
      ['freecell', 1],
      ['bakers-dozen', 1],
      ['spanish-patience', 3],
    ] as const) {
      const position = deal(variant, n);
      const forced = solve(position, { shorten: false });
      const free = solve(position, { shorten: false, forceSafe: false, maxNodes: 3_000_000 });
      assert.notEqual(free.verdict, 'unknown', `${variant} ${n} without forced moves`);
      assert.equal(forced.verdict, free.verdict, `${variant} deal ${n}`);
    }
  });

  /** Solves each deal with the rules on and with `without`; asserts the same verdict (decided without them); returns both results. */
  function againstSearchWithout(cases: readonly (readonly [string, readonly number[]])[], without: SolveOptions): { label: string; ruled: SolveResult; full: SolveResult }[] {
    return cases.flatMap(([variant, deals]) =>
      deals.map((n) => {
        const position = deal(variant, n);
        const ruled = solve(position, { shorten: false });
        const full = solve(position, { shorten: false, ...without });
        const label = `${variant} deal ${n}`;
        assert.notEqual(full.verdict, 'unknown', `${label} without the rule`);
        assert.equal(ruled.verdict, full.verdict, label);
        return { label, ruled, full };
      }),
    );
  }

  /**
   * {@link againstSearchWithout} on positions after `depthOf(n)` random moves from deals
   * `first + 1` … `first + count` of each variant: the same verdicts, a real win where solvable.
   * Returns the verdicts and how many searches the rule cut.
   */
  function againstSearchWithoutAfterRandomPlay(
    variants: readonly string[],
    first: number,
    count: number,
    random: (below: number) => number,
    depthOf: (n: number) => number,
    without: SolveOptions,
  ): { verdicts: { solvable: number; unsolvable: number }; cut: number } {
    const verdicts = { solvable: 0, unsolvable: 0 };
    let cut = 0;
    for (const variant of variants) {
      for (let n = 1; n <= count; n++) {
        let position = deal(variant, first + n);
        const depth = depthOf(n);
        for (let step = 0; step < depth && !isWon(position); step++) {
          const moves = legalMoves(position);
          if (moves.length === 0) break;
          position = performMove(position, moves[random(moves.length)]);
        }
        const label = `${variant} deal ${first + n} after ${depth} random moves`;
        const ruled = solve(position, { shorten: false });
        const full = solve(position, { shorten: false, ...without });
        assert.notEqual(full.verdict, 'unknown', `${label}, without the rule`);
        assert.equal(ruled.verdict, full.verdict, label);
        if (ruled.verdict === 'solvable') assertWins(position, ruled.moves ?? [], label);
        verdicts[ruled.verdict as 'solvable' | 'unsolvable']++;
        if (ruled.nodes < full.nodes) cut++;
      }
    }
    return { verdicts, cut };
  }

  it('the King-rooted-run rule (only home for a column that is one run from a King) agrees with the search without it', () => {
    // Seahaven and Kings-only build many such columns; Baker's Game deals 10, 14 and 22 are lost.
    const cases = [
      ['seahaven', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
      ['bakers-game-kings', [1, 2, 3, 4, 5, 6, 7, 8]],
      ['bakers-game', [10, 11, 14, 22]],
    ] as const;
    for (const { label, ruled, full } of againstSearchWithout(cases, { pruneRooted: false })) {
      assert.ok(ruled.nodes <= full.nodes || ruled.verdict === 'solvable', `${label}: ${ruled.nodes} > ${full.nodes} positions in a proof`);
    }
  });

  it('the rooted-build rule (a single card onto the top of a column that is one run from a King is the only move tried) agrees with the search without it', () => {
    // Seahaven, Kings-only and Eight Off build such columns often; Baker's Game deals 10, 14 and 22 are lost.
    const cases = [
      ['seahaven', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
      ['bakers-game-kings', [1, 2, 3, 4, 5, 6, 7, 8]],
      ['eight-off', [1, 2, 3, 4]],
      ['bakers-game', [10, 11, 14, 22]],
    ] as const;
    const results = againstSearchWithout(cases, { buildOnRooted: false });
    // It must also do something: fewer positions on some of these deals.
    assert.ok(results.some(({ ruled, full }) => ruled.nodes < full.nodes), 'the rule never cut a search');
  });

  it('the last-space rule (a card goes into the last free cell or empty column only when something comes of it right after) agrees with the search without it, on positions from random play', () => {
    // Random play fills the cells: many of these positions are lost, and the rule applies in most searches.
    const random = randomBelow(8642);
    const { verdicts, cut } = againstSearchWithoutAfterRandomPlay(['bakers-game', 'bakers-game-kings', 'bakers-game-3', 'seahaven', 'freecell'], 500, 50, random, () => random(16), {
      lastSpaceForUse: false,
    });
    assert.ok(verdicts.solvable >= 20 && verdicts.unsolvable >= 20, `only ${JSON.stringify(verdicts)}`);
    assert.ok(cut >= 40, `the rule cut only ${cut} searches`);
  });

  it('the dig rule (a card goes from a column into a cell only when the cards it digs out can be used at once) agrees with the search without it, on deals and on positions from random play', () => {
    const random = randomBelow(4321);
    // Half of them from the deal, half after random moves (cells filled, many lost). Kings-only
    // deal 218 is won only by putting a card from a cell onto one dug out.
    const variants = ['bakers-game', 'bakers-game-kings', 'bakers-game-3', 'bakers-game-5', 'seahaven', 'eight-off'];
    const { verdicts, cut } = againstSearchWithoutAfterRandomPlay(variants, 200, 40, random, (n) => (n % 2 === 0 ? 0 : random(12)), { digForUse: false });
    assert.ok(verdicts.solvable >= 40 && verdicts.unsolvable >= 40, `only ${JSON.stringify(verdicts)}`);
    assert.ok(cut >= 60, `the rule cut only ${cut} searches`);
  });

  it('the cell-build rule (a card from a cell onto its parent, and that parent into a cell, are the only moves tried) agrees with the search without it, in the solve and in the depth-first search alone, on deals and on positions from random play', () => {
    // In the solve it acts in the depth-first part only (Kings-only goes there soonest).
    const random = randomBelow(2468);
    const inSolve = againstSearchWithoutAfterRandomPlay(['bakers-game-kings', 'bakers-game'], 300, 30, random, (n) => (n % 2 === 0 ? 0 : random(16)), {
      buildFromCells: false,
    });
    assert.ok(inSolve.verdicts.solvable >= 10 && inSolve.verdicts.unsolvable >= 20, `only ${JSON.stringify(inSolve.verdicts)}`);
    assert.ok(inSolve.cut >= 15, `the rule cut only ${inSolve.cut} solves`);

    // The depth-first search alone (every position it reaches under the rule), in each game the
    // rule applies to: Baker's Game with 3, 4 (also Kings-only and Relaxed), 5 and 6 cells, Eight
    // Off and Seahaven Towers.
    const outcome = (position: Position, rule: boolean): { outcome: string; nodes: number } => {
      const searcher = new Searcher(rulesOf(getVariant(position.variant)), boardOf(position));
      searcher.ordered = false;
      assert.equal(searcher.buildFromCells, true, position.variant);
      searcher.buildFromCells = rule;
      const result = searcher.run({ maxNodes: 400_000, maxMillis: Number.POSITIVE_INFINITY, maxBytes: 1 << 30 });
      return { outcome: result, nodes: searcher.nodes };
    };
    const games = ['bakers-game', 'bakers-game-kings', 'bakers-game-relaxed', 'bakers-game-3', 'bakers-game-5', 'bakers-game-6', 'eight-off', 'seahaven'];
    const counts = { compared: 0, lost: 0, cut: 0, undecided: 0 };
    for (const variant of games) {
      for (let n = 1; n <= 16; n++) {
        let position = deal(variant, 600 + n);
        // Half from the deal, half after random moves (cells filled, many lost).
        const depth = n % 2 === 0 ? 0 : random(30);
        for (let step = 0; step < depth && !isWon(position); step++) {
          const moves = legalMoves(position);
          if (moves.length === 0) break;
          position = performMove(position, moves[random(moves.length)]);
        }
        const ruled = outcome(position, true);
        const full = outcome(position, false);
        if (ruled.outcome === 'stopped' || full.outcome === 'stopped') {
          counts.undecided++;
          continue;
        }
        assert.equal(ruled.outcome, full.outcome, `${variant} deal ${600 + n} after ${depth} random moves`);
        counts.compared++;
        if (ruled.outcome === 'exhausted') counts.lost++;
        if (ruled.nodes < full.nodes) counts.cut++;
      }
    }
    assert.ok(counts.compared >= 110 && counts.lost >= 40, JSON.stringify(counts));
    assert.ok(counts.cut >= 40, `the rule cut only ${counts.cut} searches`);
  });

  it("the dead-end rule of Baker's Dozen and Good Measure agrees with the search without it; no position of a solution is dead", () => {
    for (const [variant, deals] of [
      ['bakers-dozen', [1, 2, 3, 5, 6, 7, 8, 10]],
      ['good-measure', [1, 2, 3, 4, 5, 6]],
    ] as const) {
      for (const n of deals) {
        const position = deal(variant, n);
        const pruned = solve(position, { shorten: false, maxNodes: 200_000 });
        const full = solve(position, { shorten: false, maxNodes: 200_000, pruneDeadlocks: false });
        if (pruned.verdict !== 'unknown' && full.verdict !== 'unknown') assert.equal(pruned.verdict, full.verdict, `${variant} deal ${n}`);
        assert.ok(!(pruned.verdict === 'unsolvable' && full.verdict === 'solvable'), `${variant} deal ${n}`);
        let current = position;
        const rules = rulesOf(getVariant(variant));
        for (const move of full.moves ?? []) {
          current = performMove(current, move);
          assert.equal(new Searcher(rules, boardOf(current)).deadlocked(), false, `${variant} deal ${n}: a position on a solution called dead`);
        }
      }
    }
  });

  it('the dead-end rule finds a card that can never move (a blocker whose higher cards are all under it)', () => {
    // Cards as the search numbers them: rank index * 4 + suit (0 the Ace of suit 0, 16 its Five, 20-23 the Sixes).
    const position = deal('bakers-dozen', 1);
    const rules = rulesOf(getVariant('bakers-dozen'));
    // All four Sixes at the bottom of one column under a Five that lies above a lower card of its suit.
    const sixes = [20, 21, 22, 23];
    // The other cards from high to low, so that no other card lies above a lower one of its suit.
    const rest = position.columns
      .flat()
      .filter((card) => !sixes.includes(card) && card !== 16 && card !== 0)
      .sort((x, y) => y - x);
    const columns: number[][] = [[...sixes, 0, 16]];
    for (let i = 0; i < rest.length; i += 4) columns.push(rest.slice(i, i + 4));
    const board = { columns, cells: [], foundations: [[], [], [], []] };
    assert.equal(new Searcher(rules, board).deadlocked(), true);
    const freed = { ...board, columns: [[...sixes, 16, 0], ...columns.slice(1)] };
    assert.equal(new Searcher(rules, freed).deadlocked(), false);
  });

  it("shortened Baker's Game solutions average at most 100 single-card moves (deals 1-30)", () => {
    let total = 0;
    let count = 0;
    for (let n = 1; n <= 30; n++) {
      const position = deal('bakers-game', n);
      const result = solve(position);
      if (result.verdict !== 'solvable') continue;
      total += assertWins(position, result.moves ?? [], `deal ${n}`);
      count++;
    }
    assert.ok(total / count <= 100, `average ${total / count}`);
  });
});

