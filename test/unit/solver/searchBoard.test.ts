import * as assert from 'node:assert/strict';
import { VARIANTS, type Variant } from '../../../src/engine';
import { boardOf } from '../../../src/solver/board';
import { FOUNDATION, moveDst, moveSrc, packMove, rulesOf } from '../../../src/solver/rules';
import { Searcher } from '../../../src/solver/searcher';
import { deal, randomBelow } from './support';

/**
 * The board's record of which column each top card is on (`topOwner`), and of which cells are
 * free and which columns empty, is kept by every change of the board, not worked out when the
 * generators read it: after each move played, each take-back and each board read back from a
 * snapshot, it must be what the board says.
 */

const DEALS = 12;
const STEPS = 150;
/** Deals of random play whose forced moves are compared (random play in four cells soon gets stuck). */
const FORCED_DEALS = 60;

/** A searcher on deal `n` of the variant as dealt, with the unordered generators of the proofs. */
function dealtSearcher(variant: Variant, n: number): Searcher {
  const board = boardOf(deal(variant.id, n));
  const searcher = new Searcher(rulesOf(variant), board, 0);
  searcher.initPiles(board);
  searcher.ordered = false;
  return searcher;
}

/** The owners as the columns say: the column of each top card, -1 for every other card. */
function topsFromColumns(searcher: Searcher): number[] {
  const tops = new Array<number>(52).fill(-1);
  const stride = searcher.col.length / searcher.len.length;
  searcher.len.forEach((height, c) => {
    if (height > 0) tops[searcher.col[c * stride + height - 1]] = c;
  });
  return tops;
}

/** Bit i for each free cell, and bit c for each empty column, as the board says. */
function spacesFromBoard(searcher: Searcher): { free: number; empty: number } {
  let free = 0;
  searcher.cell.forEach((card, i) => {
    if (card < 0) free |= 1 << i;
  });
  let empty = 0;
  searcher.len.forEach((height, c) => {
    if (height === 0) empty |= 1 << c;
  });
  // A game without cells still has one (never used) place for one in the board.
  return { free: searcher.r.cells === 0 ? 0 : free, empty };
}

function assertTops(searcher: Searcher, label: string): void {
  assert.deepEqual(Array.from(searcher.topOwner), topsFromColumns(searcher), `${label}: top cards`);
  assert.deepEqual({ free: searcher.freeCellBits, empty: searcher.emptyColumnBits }, spacesFromBoard(searcher), `${label}: free cells and empty columns`);
}

describe("the solver board's top cards, free cells and empty columns", () => {
  for (const variant of VARIANTS) {
    it(`${variant.name}: kept through moves, forced moves, take-backs and snapshots`, () => {
      const random = randomBelow(variant.id.length * 7919 + 1);
      let checks = 0;
      for (let n = 1; n <= DEALS; n++) {
        const searcher = dealtSearcher(variant, n);
        assertTops(searcher, `deal ${n}: as dealt`);
        searcher.autoplay();
        const snapshot = new Uint32Array(searcher.snapshotWords);
        let saved = false;
        for (let step = 0; step < STEPS; step++) {
          const label = `deal ${n}, step ${step}`;
          const roll = random(10);
          if (roll === 0 && searcher.trail.length > 0) {
            searcher.undoTo(random(searcher.trail.length));
            assertTops(searcher, `${label}: after taking moves back`);
          } else if (roll === 1) {
            searcher.save(snapshot, 0);
            saved = true;
          } else if (roll === 2 && saved) {
            searcher.load(snapshot, 0);
            searcher.clearTrail();
            assertTops(searcher, `${label}: after reading a snapshot back`);
          } else {
            const count = searcher.generate();
            if (count === 0) break;
            const m = searcher.moves.data[searcher.moves.length - count + random(count)];
            searcher.moves.length -= count;
            searcher.play(m);
            assertTops(searcher, `${label}: after a move and its forced moves`);
          }
          checks++;
        }
        searcher.undoTo(0);
        assertTops(searcher, `deal ${n}: after taking every move back`);
      }
      assert.ok(checks >= DEALS * 10, `only ${checks} checks`);
    });
  }
});

/**
 * The forced moves home as the general loop plays them (columns in order, each until its top
 * cannot go, then the cells in order, again until a pass finds none), on a copy of the board:
 * the order the same-suit short cut must keep.
 */
function forcedMovesByLoop(searcher: Searcher): number[] {
  const stride = searcher.col.length / searcher.len.length;
  const columns = Array.from(searcher.len, (height, c) => Array.from(searcher.col.subarray(c * stride, c * stride + height)));
  const cells = Array.from(searcher.cell).slice(0, searcher.r.cells);
  const heights = Array.from(searcher.fcount);
  const columnCount = columns.length;
  const moves: number[] = [];
  const goesHome = (card: number): boolean => heights[card & 3] === card >> 2;
  for (let changed = true; changed; ) {
    changed = false;
    columns.forEach((column, c) => {
      while (column.length > 0 && goesHome(column[column.length - 1])) {
        const card = column.pop() as number;
        heights[card & 3]++;
        moves.push(packMove(c, FOUNDATION + (card & 3), 1));
        changed = true;
      }
    });
    cells.forEach((card, i) => {
      if (card < 0 || !goesHome(card)) return;
      cells[i] = -1;
      heights[card & 3]++;
      moves.push(packMove(columnCount + i, FOUNDATION + (card & 3), 1));
      changed = true;
    });
  }
  return moves;
}

describe("the solver board's forced moves in the same-suit games", () => {
  for (const variant of VARIANTS.filter((candidate) => candidate.autoplay === 'same-suit')) {
    it(`${variant.name}: the same moves home in the same order as the general loop`, () => {
      const random = randomBelow(variant.id.length * 104729 + 3);
      let forced = 0;
      for (let n = 1; n <= FORCED_DEALS; n++) {
        const searcher = dealtSearcher(variant, n);
        // Random play without forced moves leaves cards that could go home all over the board.
        searcher.forceSafe = false;
        for (let step = 0; step < STEPS; step++) {
          const count = searcher.generate();
          if (count === 0) break;
          const m = searcher.moves.data[searcher.moves.length - count + random(count)];
          searcher.moves.length -= count;
          // Moves home (offered with forced moves off) are taken one time in four, so that many wait.
          if (moveDst(m) >= FOUNDATION && random(4) > 0) continue;
          searcher.play(m);
          if (step % 3 !== 2) continue;
          const expected = forcedMovesByLoop(searcher);
          const mark = searcher.trail.length;
          searcher.forceSafe = true;
          searcher.autoplay();
          searcher.forceSafe = false;
          assert.deepEqual(Array.from(searcher.trail.data.subarray(mark, searcher.trail.length)), expected, `deal ${n}, step ${step}`);
          assertTops(searcher, `deal ${n}, step ${step}: after the forced moves`);
          forced += expected.length;
          searcher.undoTo(mark);
        }
      }
      assert.ok(forced >= 100, `only ${forced} forced moves compared`);
    });

    it(`${variant.name}: after a move in play, the same moves home in the same order as the general loop`, () => {
      const random = randomBelow(variant.id.length * 7727 + 5);
      let forced = 0;
      for (let n = 1; n <= FORCED_DEALS; n++) {
        const searcher = dealtSearcher(variant, n);
        searcher.autoplay();
        for (let step = 0; step < STEPS; step++) {
          const count = searcher.generate();
          if (count === 0) break;
          const m = searcher.moves.data[searcher.moves.length - count + random(count)];
          searcher.moves.length -= count;
          // The move alone, then the loop's forced moves from there; then the move as play makes it.
          const mark = searcher.trail.length;
          searcher.forceSafe = false;
          searcher.play(m);
          const expected = forcedMovesByLoop(searcher);
          searcher.undoTo(mark);
          searcher.forceSafe = true;
          searcher.play(m);
          assert.deepEqual(Array.from(searcher.trail.data.subarray(mark + 1, searcher.trail.length)), expected, `deal ${n}, step ${step}`);
          forced += expected.length;
        }
      }
      assert.ok(forced >= 50, `only ${forced} forced moves compared`);
    });
  }
});

describe("the same-suit generator's cell-build moves worked out first", () => {
  for (const variant of VARIANTS.filter((candidate) => candidate.autoplay === 'same-suit' && candidate.cells > 0)) {
    it(`${variant.name}: the same moves, in the same order, as generating every move and then keeping the rule's`, () => {
      const random = randomBelow(variant.id.length * 15485863 + 11);
      let cut = 0;
      for (let n = 1; n <= FORCED_DEALS; n++) {
        const searcher = dealtSearcher(variant, n);
        // As the depth-first part of a proof runs it.
        searcher.buildFromCells = true;
        searcher.autoplay();
        for (let step = 0; step < STEPS; step++) {
          const lists = [true, false].map((first) => {
            searcher.cellBuildFirst = first;
            const count = searcher.generate();
            const list = Array.from(searcher.moves.data.subarray(searcher.moves.length - count, searcher.moves.length));
            searcher.moves.length -= count;
            return list;
          });
          assert.deepEqual(lists[0], lists[1], `deal ${n}, step ${step}`);
          // Counted where the rule cut: a move from a cell onto a column is the last one kept.
          const last = lists[0][lists[0].length - 1];
          if (last !== undefined && moveSrc(last) >= variant.columns && moveDst(last) < variant.columns) cut++;
          // Play on from a random move of the full list, so the walk goes beyond the rule's moves.
          searcher.buildFromCells = false;
          const count = searcher.generate();
          searcher.buildFromCells = true;
          if (count === 0) break;
          const m = searcher.moves.data[searcher.moves.length - count + random(count)];
          searcher.moves.length -= count;
          searcher.play(m);
        }
      }
      assert.ok(cut >= 20, `the rule cut at only ${cut} positions`);
    });
  }
});
