import * as assert from 'node:assert/strict';
import { getVariant } from '../../../src/engine';
import { moveCount, moveDst, moveSrc, rulesOf } from '../../../src/solver/rules';
import { Searcher } from '../../../src/solver/searcher';
import { boardOf } from '../../../src/solver/board';
import { deal, randomBelow } from './support';

/** The moves generate() offers on the board now, sorted (the order differs with ordering on). */
function movesOf(searcher: Searcher, ordered: boolean): number[] {
  searcher.ordered = ordered;
  const n = searcher.generate();
  const moves = Array.from(searcher.moves.data.subarray(searcher.moves.length - n, searcher.moves.length));
  searcher.moves.length -= n;
  return moves.sort((a, b) => a - b);
}

/**
 * A search board on deal n of the variant (Spanish Patience's piles recorded too). The
 * rooted-build, cell-build, last-space and dig rules are off: with them, the same-suit generator
 * offers fewer moves than the others (their own tests below).
 */
function searcherFor(variant: string, n: number): Searcher {
  const board = boardOf(deal(variant, n));
  const searcher = new Searcher(rulesOf(getVariant(variant)), board);
  searcher.initPiles(board);
  searcher.buildOnRooted = false;
  searcher.buildFromCells = false;
  searcher.lastSpaceForUse = false;
  searcher.digForUse = false;
  return searcher;
}

/** Whether column c of the board is one run of two cards or more from a King at its bottom (cards are rank·4 + suit). */
function rootedColumn(searcher: Searcher, c: number): boolean {
  const cards = Array.from({ length: searcher.len[c] }, (_, i) => searcher.col[c * (searcher.col.length / searcher.len.length) + i]);
  return cards.length >= 2 && cards[0] >> 2 === 12 && cards.every((card, i) => i === 0 || card === cards[i - 1] - 4);
}

/**
 * Plays random games of each variant from deals 1 to `deals` (up to 200 moves, each a random one
 * of those offered with the rule off) and at each board hands `check` the moves offered with a
 * rule off (`every`) and on (`offered`), sorted, and the board's label. Returns the boards checked.
 */
function withAndWithoutRule(
  variants: readonly string[],
  deals: number,
  random: (below: number) => number,
  setRule: (searcher: Searcher, on: boolean) => void,
  check: (searcher: Searcher, every: number[], offered: number[], label: string) => void,
): number {
  let boards = 0;
  for (const variant of variants) {
    for (let n = 1; n <= deals; n++) {
      const searcher = searcherFor(variant, n);
      searcher.ordered = false;
      searcher.autoplay();
      for (let step = 0; step < 200 && searcher.home < 52; step++) {
        setRule(searcher, false);
        const every = movesOf(searcher, false);
        setRule(searcher, true);
        const offered = movesOf(searcher, false);
        check(searcher, every, offered, `${variant} deal ${n}, step ${step}`);
        boards++;
        if (every.length === 0) break;
        searcher.play(every[random(every.length)]);
      }
    }
  }
  return boards;
}

describe('move generation', function () {
  this.timeout(60000);

  it('the fast unordered generators (same-suit and general) offer exactly the moves of the general one, along random games of every variant but Spanish Patience', () => {
    const random = randomBelow(12345);
    let boards = 0;
    for (const variant of ['bakers-game', 'bakers-game-kings', 'bakers-game-3', 'bakers-game-relaxed', 'eight-off', 'seahaven', 'freecell', 'bakers-dozen', 'bakers-dozen-easy', 'good-measure']) {
      for (let n = 1; n <= 40; n++) {
        const searcher = searcherFor(variant, n);
        searcher.autoplay();
        for (let step = 0; step < 300; step++) {
          const fast = movesOf(searcher, false);
          assert.deepEqual(fast, movesOf(searcher, true), `${variant} deal ${n}, step ${step}`);
          boards++;
          if (fast.length === 0 || searcher.home === 52) break;
          searcher.play(fast[random(fast.length)]);
        }
      }
    }
    assert.ok(boards > 1500, `only ${boards} boards compared`);
  });

  it('the same-suit generator gives the general fast one\'s moves in the same order (the order steers the search)', () => {
    const random = randomBelow(2468);
    let boards = 0;
    // Boards with every cell full and no empty column, where the same-suit generator takes a short cut.
    let jammed = 0;
    for (const variant of ['bakers-game', 'bakers-game-kings', 'bakers-game-3', 'bakers-game-6', 'bakers-game-relaxed', 'eight-off', 'seahaven']) {
      for (let n = 1; n <= 25; n++) {
        const searcher = searcherFor(variant, n);
        searcher.ordered = false;
        searcher.autoplay();
        for (let step = 0; step < 200 && searcher.home < 52; step++) {
          const count = searcher.generate();
          const sameSuit = Array.from(searcher.moves.data.subarray(searcher.moves.length - count, searcher.moves.length));
          searcher.moves.length -= count;
          const general = searcher.generateFast();
          assert.deepEqual(sameSuit, Array.from(searcher.moves.data.subarray(searcher.moves.length - general, searcher.moves.length)), `${variant} deal ${n}, step ${step}`);
          searcher.moves.length -= general;
          boards++;
          if (searcher.freeCells() === 0 && searcher.emptyColumns() === 0) jammed++;
          if (sameSuit.length === 0) break;
          searcher.play(sameSuit[random(sameSuit.length)]);
        }
      }
    }
    assert.ok(boards > 1000, `only ${boards} boards compared`);
    assert.ok(jammed > 200, `only ${jammed} boards with the cells full and no empty column`);
  });

  it('with the rooted-build rule, the same-suit generator offers only a single card onto the top of a column that is one run from a King when there is one such move, else (and where it takes its short cut) every move', () => {
    let ruled = 0;
    const variants = ['bakers-game', 'bakers-game-kings', 'bakers-game-relaxed', 'eight-off', 'seahaven'];
    const boards = withAndWithoutRule(variants, 80, randomBelow(1357), (searcher, on) => (searcher.buildOnRooted = on), (searcher, every, offered, label) => {
      const columns = searcher.len.length;
      const ontoRooted = every.filter((m) => moveCount(m) === 1 && moveDst(m) < columns && rootedColumn(searcher, moveDst(m)));
      // The short cut: every cell full, no empty column to use, single cards only.
      const empty = searcher.emptyColumns();
      const shortCut = searcher.freeCells() === 0 && (empty === 0 || searcher.r.empty === 2) && searcher.runLimit(0, empty, false) === 1;
      if (ontoRooted.length > 0 && !shortCut) {
        assert.equal(offered.length, 1, label);
        assert.ok(ontoRooted.includes(offered[0]), label);
        ruled++;
      } else assert.deepEqual(offered, every, label);
    });
    assert.ok(boards > 1000, `only ${boards} boards compared`);
    assert.ok(ruled > 40, `only ${ruled} boards where the rule applied`);
  });

  it('with the cell-build rule, the same-suit generator offers only a card from a cell onto its parent, and that parent into a cell when it offers that move, when there is such a card, else every move', () => {
    let ruled = 0;
    let withParentIntoCell = 0;
    const variants = ['bakers-game', 'bakers-game-kings', 'bakers-game-relaxed', 'bakers-game-3', 'eight-off', 'seahaven'];
    const boards = withAndWithoutRule(variants, 60, randomBelow(9753), (searcher, on) => (searcher.buildFromCells = on), (searcher, every, offered, label) => {
      const columns = searcher.len.length;
      const fromCellOntoCard = every.filter((m) => moveSrc(m) >= columns && moveDst(m) < columns && searcher.len[moveDst(m)] > 0);
      if (fromCellOntoCard.length === 0) {
        assert.deepEqual(offered, every, label);
        return;
      }
      const build = offered.find((m) => moveSrc(m) >= columns);
      assert.ok(build !== undefined && fromCellOntoCard.includes(build), label);
      const parentIntoCell = every.filter((m) => moveSrc(m) === moveDst(build) && moveDst(m) >= columns);
      assert.deepEqual(offered, [...parentIntoCell, build].sort((a, b) => a - b), label);
      ruled++;
      if (parentIntoCell.length > 0) withParentIntoCell++;
    });
    assert.ok(boards > 1000, `only ${boards} boards compared`);
    assert.ok(ruled > 100 && withParentIntoCell > 20, `only ${ruled} boards where the rule applied, ${withParentIntoCell} with the parent's move into a cell`);
  });

  it('with the last-space rule, the unordered generators leave out exactly the moves into the last free cell or empty column after which nothing can be done with the card uncovered or the card moved', () => {
    const dropped = { cell: 0, column: 0 };
    let kept = 0;
    const variants = ['bakers-game', 'bakers-game-kings', 'bakers-game-3', 'bakers-game-relaxed', 'eight-off', 'seahaven', 'freecell'];
    const boards = withAndWithoutRule(variants, 40, randomBelow(9753), (searcher, on) => (searcher.lastSpaceForUse = on), (searcher, every, offered, label) => {
      // The general unordered generator drops the same moves; the ordered one (which does not apply the rule) none.
      assert.equal(movesOf(searcher, true).length, every.length, `${label}: ordered`);
      if (searcher.r.build === 0) {
        const general = searcher.generateFast();
        const fast = Array.from(searcher.moves.data.subarray(searcher.moves.length - general, searcher.moves.length)).sort((a, b) => a - b);
        searcher.moves.length -= general;
        assert.deepEqual(fast, offered, `${label}: general unordered`);
      }
      searcher.lastSpaceForUse = false;
      const columns = searcher.len.length;
      // Not in Relaxed Baker's Game: a run under the card uncovered could still move at once.
      const single = searcher.runLimit(0, 0, false) === 1;
      const cellLeft = single && searcher.freeCells() === 1 && searcher.emptyColumns() === 0;
      const columnLeft = single && searcher.freeCells() === 0 && searcher.emptyColumns() === 1;
      for (const m of every) {
        const [src, dst] = [moveSrc(m), moveDst(m)];
        const intoCell = dst >= columns && dst < columns + searcher.cell.length;
        const intoColumn = dst < columns && searcher.len[dst] === 0 && moveCount(m) === 1;
        if (src >= columns || searcher.len[src] < 2 || !((intoCell && cellLeft) || (intoColumn && columnLeft))) {
          assert.ok(offered.includes(m), `${label}: a move left out that is not into the last space`);
          continue;
        }
        // Played, with every move of the board after it: is the card uncovered used, or a card put on the one moved?
        const width = searcher.col.length / columns;
        const height = searcher.len[src];
        const uncovered = searcher.col[src * width + height - 2];
        const mark = searcher.trail.length;
        searcher.play(m);
        // Sent home by the forced moves after it, or moved or covered by a move of the board then.
        const stillThere = searcher.len[src] === height - 1 && searcher.col[src * width + height - 2] === uncovered;
        searcher.pruneRooted = false;
        const after = movesOf(searcher, true);
        searcher.pruneRooted = true;
        // (The card moved, put back, is no use.)
        const back = (next: number): boolean => moveSrc(next) === dst && moveDst(next) === src;
        const used = !stillThere || after.some((next) => moveSrc(next) === src || (moveDst(next) === src && !back(next)) || (intoColumn && moveDst(next) === dst));
        searcher.undoTo(mark);
        assert.equal(offered.includes(m), used, `${label}: move ${m} offered ${offered.includes(m)}, of use ${used}`);
        if (used) kept++;
        else dropped[intoCell ? 'cell' : 'column']++;
      }
      assert.ok(offered.every((m) => every.includes(m)), `${label}: a move offered only with the rule`);
    });
    assert.ok(boards > 1000, `only ${boards} boards compared`);
    assert.ok(dropped.cell > 100 && dropped.column > 20 && kept > 100, `${JSON.stringify(dropped)} moves into the last space dropped, ${kept} kept`);
  });

  it('a move that takes back the last one (no forced move after it) leads to the board before it, as undoes() says', () => {
    const random = randomBelow(777);
    let checked = 0;
    for (const variant of ['bakers-game', 'bakers-game-kings', 'freecell', 'seahaven', 'bakers-dozen']) {
      for (let n = 1; n <= 30; n++) {
        const searcher = searcherFor(variant, n);
        searcher.autoplay();
        let last = -1;
        let before: number[] = [];
        for (let step = 0; step < 200 && searcher.home < 52; step++) {
          const moves = movesOf(searcher, false);
          if (moves.length === 0) break;
          for (const m of moves) {
            if (last < 0 || !searcher.undoes(m, last)) continue;
            const mark = searcher.trail.length;
            searcher.play(m);
            assert.deepEqual(Array.from(searcher.key), before, `${variant} deal ${n}, step ${step}`);
            searcher.undoTo(mark);
            checked++;
          }
          const m = moves[random(moves.length)];
          const key = Array.from(searcher.key);
          const mark = searcher.trail.length;
          searcher.play(m);
          last = searcher.trail.length === mark + 1 ? m : -1;
          before = key;
        }
      }
    }
    assert.ok(checked > 200, `only ${checked} moves back checked`);
  });

  it('childKey() gives the key a move leads to when no forced move follows, in every variant, and declines exactly when one does', () => {
    const random = randomBelow(4242);
    let predicted = 0;
    let declined = 0;
    const variants = ['bakers-game', 'bakers-game-kings', 'freecell', 'eight-off', 'seahaven', 'bakers-dozen', 'good-measure', 'spanish-patience'];
    for (const variant of variants) {
      for (let n = 1; n <= 20; n++) {
        const searcher = searcherFor(variant, n);
        searcher.autoplay();
        const out = new Uint32Array(searcher.width);
        for (let step = 0; step < 200 && searcher.home < 52; step++) {
          const moves = movesOf(searcher, false);
          if (moves.length === 0) break;
          for (const m of moves) {
            const known = searcher.childKey(m, out);
            const mark = searcher.trail.length;
            searcher.play(m);
            const forced = searcher.trail.length > mark + 1;
            if (known) {
              assert.ok(!forced, `${variant} deal ${n}: a forced move followed a move childKey() said was quiet`);
              assert.deepEqual(Array.from(out), Array.from(searcher.key), `${variant} deal ${n}, step ${step}`);
              predicted++;
            } else if ((m >> 5) % 32 < 24) {
              assert.ok(forced, `${variant} deal ${n}: childKey() declined a move with no forced move after it`);
              declined++;
            }
            searcher.undoTo(mark);
          }
          searcher.play(moves[random(moves.length)]);
        }
      }
    }
    assert.ok(predicted > 2000 && declined > 50, `${predicted} keys predicted, ${declined} declined`);
  });

  it('estimateAfter() equals estimate() on the board a quiet move leads to, for every variant but Spanish Patience and both sets of weights', () => {
    const random = randomBelow(777);
    let compared = 0;
    const variants = ['bakers-game', 'bakers-game-kings', 'bakers-game-relaxed', 'freecell', 'eight-off', 'seahaven', 'bakers-dozen', 'good-measure'];
    for (const variant of variants) {
      for (let n = 1; n <= 12; n++) {
        const searcher = searcherFor(variant, n);
        if (n % 2 === 0) searcher.useEstimateWeights([3, 6, 1, 2, 2, 1]);
        const snapshot = new Uint32Array(searcher.snapshotWords);
        const start = new Uint32Array(searcher.snapshotWords);
        searcher.save(start, 0);
        searcher.autoplay();
        const out = new Uint32Array(searcher.width);
        for (let step = 0; step < 150 && searcher.home < 52; step++) {
          const moves = movesOf(searcher, false);
          if (moves.length === 0) break;
          for (const m of moves) {
            if (!searcher.childKey(m, out)) continue;
            // Every other move from a board just loaded after another one (the column sums held
            // are the other board's): the sums of the columns the move touches are worked out anew.
            const boardSum = searcher.columnSum();
            if (compared % 2 === 0) {
              searcher.save(snapshot, 0);
              searcher.load(start, 0);
              searcher.columnSum();
              searcher.load(snapshot, 0);
            }
            const predicted = compared % 4 < 2 ? searcher.estimateAfter(m, boardSum) : searcher.estimateAfter(m);
            const childSum = searcher.lastChildSum;
            const mark = searcher.trail.length;
            searcher.play(m);
            assert.equal(predicted, searcher.estimate(), `${variant} deal ${n}, step ${step}, move ${m}`);
            assert.equal(childSum, searcher.columnSum(), `${variant} deal ${n}, step ${step}, move ${m}: column sum`);
            compared++;
            searcher.undoTo(mark);
          }
          searcher.play(moves[random(moves.length)]);
          // Now and then other weights: the column sums kept for the old ones must go.
          if (step % 40 === 39) searcher.useEstimateWeights(step % 80 === 39 ? [3, 4, 1, 1, 2, 0] : [3, 6, 1, 2, 2, 1]);
        }
      }
    }
    assert.ok(compared > 2000, `only ${compared} estimates compared`);
  });
});
