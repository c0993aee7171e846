import * as assert from 'node:assert/strict';
import {
  VARIANTS,
  autoplay,
  formatMove,
  isRed,
  legalMoves,
  performMove,
  rankOf,
  seededRandom,
  sequenceLength,
  applyMove,
  type Card,
  type Move,
  type PileRef,
  type Position,
  type Variant,
} from '../../../src/engine';
import { FOUNDATION, moveCount, moveDst, moveSrc, rulesOf } from '../../../src/solver/rules';
import { Searcher } from '../../../src/solver/searcher';
import { boardOf } from '../../../src/solver/board';
import { engineMoves } from '../../../src/solver/expand';
import { solve } from '../../../src/solver/solve';
import { deal } from './support';

/**
 * The solver's move generator against the engine's `legalMoves`, in every variant, on positions
 * of random play from many deals and on the positions along the solutions of a few. The solver and the engine each say which positions follow a position; the
 * two answers are compared as sets of positions, each written in a canonical form.
 *
 * Differences that are expected, and why (each is part of how the solver is documented to
 * search, src/solver/board.ts and moveGenerator.ts):
 * - Equivalent positions are one. Free cells are interchangeable, and so are columns (the
 *   solver's key ignores their order): the solver moves to the first free cell and the first
 *   empty column only, where the engine lists every one. In Spanish Patience two foundation
 *   piles of the same height whose top cards have the same colour take the same cards from then
 *   on: the solver plays onto the first of them only (and its key holds the piles as that). The
 *   canonical form below sorts columns and cells, and writes a Spanish pile as its height and
 *   the colour of its top card; by-suit piles are their heights, in suit order.
 * - Moving a whole column into an empty column only reorders the columns: the engine lists it,
 *   the solver does not. Its canonical position is the position itself, and is left out.
 * - Runs move as one move up to the variant's limit in both; the solver's solutions split them
 *   into single cards (`engineMoves`), checked here to be legal single moves to the same place.
 * - Forced moves: with `forceSafe` on (as the search runs), the solver plays every safe move
 *   home at once after each move, and offers no such move (in same-suit games none home at
 *   all). Compared with the engine's `autoplay` after each of its moves, from a position
 *   after `autoplay`; with `forceSafe` off, with no auto-play on either side.
 * - The rooted-build rules of same-suit games (`pruneRooted`, `buildOnRooted`) drop moves on
 *   purpose: they are off for the exact comparison, and with them on every move dropped must be
 *   one of theirs (a move out of a column that is one run from a King; or, when a single card
 *   can go onto the top of such a column, every move but that one). So does the last-space rule
 *   (`lastSpaceForUse`), checked here in the engine's terms: a card into the last free cell or
 *   empty column, after which neither the card it uncovers nor the card moved can be used.
 * Both generators are compared: the ordered one (scores, Spanish Patience) and the unordered
 * ones of the proofs (the same-suit one where it applies).
 */

const DEALS = 30;
const STEPS = 60;
/** Deals whose solutions are walked too. */
const SOLVED_DEALS = 3;

/** A position's pieces as the solver tells positions apart (see above). */
interface Pieces {
  /** Each column's cards as text, bottom first. */
  readonly columns: readonly string[];
  readonly cells: readonly (Card | null)[];
  /** Per foundation pile, its height and the colour of its top card. */
  readonly piles: readonly (readonly [number, boolean])[];
}

/** Cards `from` to `to` (not included) as text, a character each (a loop: `Array.from` of a typed array is slow). */
function cardsText(cards: ArrayLike<number>, from = 0, to = cards.length): string {
  let text = '';
  for (let i = from; i < to; i++) text += String.fromCharCode(65 + cards[i]);
  return text;
}

/** The pieces in place, pile by pile: the solver's board must be the engine's, index for index. */
function exact(variant: Variant, pieces: Pieces): string {
  const piles = variant.foundation === 'by-suit' ? pieces.piles.map(([height]) => height) : canonicalPiles(pieces);
  return `${pieces.columns.join('|')} / ${pieces.cells.map((card) => card ?? '-').join(',')} / ${piles.join(',')}`;
}

/** The pieces up to the order of columns and cells (and of like Spanish piles). */
function canonical(variant: Variant, pieces: Pieces): string {
  const columns = [...pieces.columns].sort();
  const cells = pieces.cells.filter((card) => card !== null).sort((a, b) => a - b);
  const piles = variant.foundation === 'by-suit' ? pieces.piles.map(([height]) => height) : canonicalPiles(pieces);
  return `${columns.join('|')} / ${cells.join(',')} / ${piles.join(',')}`;
}

function canonicalPiles(pieces: Pieces): string[] {
  return pieces.piles.map(([height, red]) => (height === 0 ? '0' : `${height}${red ? 'r' : 'b'}`)).sort();
}

/** The searcher's key (whole words) as text. */
function keyText(searcher: Searcher): string {
  let text = '';
  for (let w = 0; w < searcher.key.length; w++) text += `${searcher.key[w]},`;
  return text;
}

function enginePieces(position: Position): Pieces {
  return {
    columns: position.columns.map((column) => cardsText(column)),
    cells: position.cells,
    piles: position.foundations.map((pile) => [pile.length, pile.length > 0 && isRed(pile[pile.length - 1])] as const),
  };
}

function searcherPieces(searcher: Searcher, variant: Variant): Pieces {
  const stride = searcher.col.length / searcher.len.length;
  const columns: string[] = [];
  for (let c = 0; c < searcher.len.length; c++) columns.push(cardsText(searcher.col, c * stride, c * stride + searcher.len[c]));
  const cells: (Card | null)[] = [];
  for (let i = 0; i < variant.cells; i++) cells.push(searcher.cell[i] < 0 ? null : searcher.cell[i]);
  const piles: (readonly [number, boolean])[] = [];
  for (let p = 0; p < 4; p++) piles.push([searcher.fcount[p], searcher.fcount[p] > 0 && isRed(searcher.ftop[p])]);
  return { columns, cells, piles };
}

/** The engine move that a packed solver move stands for (the solver numbers piles as the engine does). */
function engineMove(m: number, columns: number): Move {
  const src = moveSrc(m);
  const dst = moveDst(m);
  const from: PileRef = src < columns ? { kind: 'tableau', index: src } : { kind: 'cell', index: src - columns };
  const to: PileRef =
    dst >= FOUNDATION ? { kind: 'foundation', index: dst - FOUNDATION } : dst >= columns ? { kind: 'cell', index: dst - columns } : { kind: 'tableau', index: dst };
  return { from, to, count: moveCount(m) };
}

const moveKey = (move: Move): string => `${move.from.kind}${move.from.index}>${move.to.kind}${move.to.index}x${move.count}`;

/** Same-suit games: whether column c is one run of two cards or more from a King at its bottom. */
function rootedColumn(variant: Variant, position: Position, c: number): boolean {
  const column = position.columns[c];
  return variant.build === 'same-suit' && column.length >= 2 && rankOf(column[0]) === 13 && sequenceLength(variant, column) === column.length;
}

/**
 * The last-space rule's moves, in the engine's terms: a card from a column of two cards or more
 * into the only free cell (no column empty) or the only empty column (no cell free), after which
 * (and its auto-play) the card it uncovered is still there, no legal move takes it or puts a card
 * on it but the one moved, and none puts a card on the one moved in its column.
 */
function intoLastSpaceForNothing(position: Position, move: Move): boolean {
  if (move.from.kind !== 'tableau' || move.count !== 1) return false;
  const column = position.columns[move.from.index];
  const freeCells = position.cells.filter((card) => card === null).length;
  const emptyColumns = position.columns.filter((pile) => pile.length === 0).length;
  const intoColumn = move.to.kind === 'tableau' && position.columns[move.to.index].length === 0;
  const lastSpace = move.to.kind === 'cell' ? freeCells === 1 && emptyColumns === 0 : intoColumn && freeCells === 0 && emptyColumns === 1;
  if (!lastSpace || column.length < 2) return false;
  const moved = column[column.length - 1];
  const uncovered = column[column.length - 2];
  const after = autoplay(performMove(position, move)).position;
  const now = after.columns[move.from.index];
  if (now.length !== column.length - 1 || now[now.length - 1] !== uncovered) return false;
  const movedBack = (next: Move): boolean =>
    next.from.kind === 'cell' ? after.cells[next.from.index] === moved : intoColumn && next.from.kind === 'tableau' && next.from.index === move.to.index;
  return !legalMoves(after).some(
    (next) =>
      (next.from.kind === 'tableau' && next.from.index === move.from.index) ||
      (next.to.kind === 'tableau' && next.to.index === move.from.index && !movedBack(next)) ||
      (intoColumn && next.to.kind === 'tableau' && next.to.index === move.to.index),
  );
}

interface Settings {
  readonly forced: boolean;
  readonly ordered: boolean;
  readonly pruning: boolean;
}

interface Tally {
  comparisons: number;
  solverMoves: number;
  runsSplit: number;
  pruned: number;
  builtOnRooted: number;
  /** Moves dropped by the last-space rule. */
  lastSpace: number;
}

/** What the engine says of a position: its legal moves, and where each leads (after auto-play when `forced`). */
interface EngineView {
  readonly position: Position;
  readonly own: string;
  /** By {@link moveKey}: the board after the move, in place and canonical. */
  readonly after: Map<string, { readonly move: Move; readonly exact: string; readonly canonical: string }>;
}

function engineView(variant: Variant, position: Position, forced: boolean): EngineView {
  const after = new Map<string, { move: Move; exact: string; canonical: string }>();
  for (const move of legalMoves(position)) {
    const moved = performMove(position, move);
    const pieces = enginePieces(forced ? autoplay(moved).position : moved);
    after.set(moveKey(move), { move, exact: exact(variant, pieces), canonical: canonical(variant, pieces) });
  }
  return { position, own: canonical(variant, enginePieces(position)), after };
}

/**
 * Compares the solver's moves from the view's position with the engine's, under `settings`;
 * the position is one the solver could be asked to expand (after auto-play when `forced`).
 */
function compare(variant: Variant, engine: EngineView, settings: Settings, label: string, tally: Tally): void {
  const { position } = engine;
  const board = boardOf(position);
  const searcher = new Searcher(rulesOf(variant), board, 0);
  searcher.initPiles(board);
  searcher.forceSafe = settings.forced;
  searcher.pruneRooted = settings.pruning;
  searcher.buildOnRooted = settings.pruning;
  searcher.lastSpaceForUse = settings.pruning;
  // The dig and cell-build rules are checked against a complete search (solver.test.ts), not move by move here.
  searcher.digForUse = false;
  searcher.buildFromCells = false;
  searcher.ordered = settings.ordered;
  const before = exact(variant, enginePieces(position));
  assert.equal(exact(variant, searcherPieces(searcher, variant)), before, `${label}: the solver's board`);

  const count = searcher.generate();
  const packed = Array.from(searcher.moves.data.subarray(searcher.moves.length - count, searcher.moves.length));
  searcher.moves.length -= count;
  const ownKey = keyText(searcher);
  /** The solver's positions, canonical, with the first move to each and its key. */
  const solverChildren = new Map<string, { move: Move; key: string }>();
  for (const m of packed) {
    const move = engineMove(m, position.columns.length);
    const text = `${label}: solver move ${formatMove(move, position.variant)} (${moveKey(move)})`;
    const legal = engine.after.get(moveKey(move));
    if (!legal) assert.fail(`${text} is not among the engine's legal moves`);
    // The solver's own board after the move (and its forced moves) is the engine's.
    const mark = searcher.trail.length;
    searcher.play(m);
    assert.equal(exact(variant, searcherPieces(searcher, variant)), legal.exact, `${text}: the board after it`);
    const key = keyText(searcher);
    searcher.undoTo(mark);
    // A run moves as single cards in a solution: each legal, to the same place (checked once
    // per position: the other settings offer the same runs).
    if (move.count > 1 && !settings.ordered && !settings.pruning) {
      let stepped = position;
      for (const single of engineMoves(position, [m], variant.cells)) {
        const step = applyMove(stepped, single);
        assert.ok(step.ok, `${text}: its single-card move ${formatMove(single, position.variant)} is refused`);
        stepped = step.value.position;
      }
      assert.equal(exact(variant, enginePieces(stepped)), exact(variant, enginePieces(performMove(position, move))), `${text}: split into single cards`);
      tally.runsSplit++;
    }
    // Two moves may lead to one position (a card to a cell or onto its parent, when the forced
    // moves after either send it home): the search then finds the second by its key. The key
    // must tell positions apart exactly: one key for one position, and not the board's own.
    const seen = solverChildren.get(legal.canonical);
    if (seen) assert.equal(key, seen.key, `${text}: another key for the position ${moveKey(seen.move)} leads to`);
    else {
      for (const [child, other] of solverChildren) if (other.key === key) assert.fail(`${text}: the key of another position (${child})`);
      solverChildren.set(legal.canonical, { move, key });
    }
    assert.notEqual(key, ownKey, `${text}: the key of the board before it`);
    tally.solverMoves++;
  }
  assert.equal(exact(variant, searcherPieces(searcher, variant)), before, `${label}: the board after taking the moves back`);

  const missing = new Map<string, Move>();
  for (const { move, canonical: child } of engine.after.values()) {
    if (child !== engine.own && !solverChildren.has(child) && !missing.has(child)) missing.set(child, move);
  }
  tally.comparisons++;
  if (!settings.pruning) {
    assert.deepEqual(
      [...missing.values()].map((move) => formatMove(move, position.variant)),
      [],
      `${label}: engine moves to positions the solver does not offer`,
    );
    return;
  }
  // With the rooted-build rules on, every position left out must be one of theirs.
  const only = packed.length === 1 ? engineMove(packed[0], position.columns.length) : undefined;
  const builtOnRooted = only !== undefined && only.count === 1 && only.to.kind === 'tableau' && rootedColumn(variant, position, only.to.index);
  if (builtOnRooted && missing.size > 0) tally.builtOnRooted++;
  for (const move of missing.values()) {
    const outOfRooted = move.from.kind === 'tableau' && move.to.kind !== 'foundation' && rootedColumn(variant, position, move.from.index);
    const lastSpace = !outOfRooted && !builtOnRooted && intoLastSpaceForNothing(position, move);
    assert.ok(
      outOfRooted || builtOnRooted || lastSpace,
      `${label}: the solver does not offer ${formatMove(move, position.variant)}, and no rooted-build or last-space rule drops it`,
    );
    if (lastSpace) tally.lastSpace++;
    else tally.pruned++;
  }
}

describe("the solver's move generator against the engine's legal moves", function () {
  this.timeout(120_000);

  for (const variant of VARIANTS) {
    it(`${variant.name}: the same positions follow, on ${DEALS} deals × ${STEPS} random moves`, () => {
      const random = seededRandom(0x5eed + VARIANTS.indexOf(variant));
      const tally: Tally = { comparisons: 0, solverMoves: 0, runsSplit: 0, pruned: 0, builtOnRooted: 0, lastSpace: 0 };
      const compareAll = (position: Position, label: string): void => {
        const free = engineView(variant, position, false);
        for (const ordered of [false, true]) {
          compare(variant, free, { forced: false, ordered, pruning: false }, `${label}, every move, ${ordered ? 'ordered' : 'unordered'}`, tally);
        }
        const settled = engineView(variant, autoplay(position).position, true);
        for (const ordered of [false, true]) {
          for (const pruning of [false, true]) {
            compare(variant, settled, { forced: true, ordered, pruning }, `${label}, forced moves${pruning ? ', rooted-build rules' : ''}, ${ordered ? 'ordered' : 'unordered'}`, tally);
          }
        }
      };
      // Random play seldom gets far into a game (and seldom builds a column from a King in
      // Kings-only Baker's Game): the positions along the solver's solutions of a few deals too.
      for (let n = 1; n <= SOLVED_DEALS; n++) {
        let position = deal(variant.id, n);
        const solved = solve(position, { maxNodes: 200_000, shorten: false });
        for (const [step, move] of (solved.moves ?? []).entries()) {
          compareAll(position, `${variant.id} deal ${n}, solution move ${step + 1}`);
          position = performMove(position, move);
        }
      }
      for (let n = 1; n <= DEALS; n++) {
        let position = deal(variant.id, n);
        // Half the deals are played with auto-play, half without (cards that could go home stay).
        const autoplaying = n % 2 === 0;
        for (let step = 0; step < STEPS; step++) {
          compareAll(position, `${variant.id} deal ${n}, step ${step}`);
          const moves = legalMoves(position);
          if (moves.length === 0) break;
          // Home now and then, and builds more often than not, so that the games get on and
          // build runs (and same-suit runs from a King, for the rooted-build rules).
          const home = moves.filter((move) => move.to.kind === 'foundation');
          const builds = moves.filter((move) => move.to.kind === 'tableau' && position.columns[move.to.index].length > 0);
          const now = position;
          const rooting = moves.filter((move) => {
            if (move.to.kind !== 'tableau') return false;
            const target = now.columns[move.to.index];
            if (target.length === 0) return move.from.kind === 'tableau' && rankOf(now.columns[move.from.index].at(-move.count)!) === 13;
            return rankOf(target[0]) === 13 && sequenceLength(variant, target) === target.length;
          });
          const pick = random();
          const pool = home.length > 0 && pick < 0.3 ? home : rooting.length > 0 && pick < 0.5 ? rooting : builds.length > 0 && pick < 0.8 ? builds : moves;
          position = performMove(position, pool[Math.floor(random() * pool.length)]);
          if (autoplaying) position = autoplay(position).position;
        }
      }
      console.log(
        `      ${tally.comparisons} comparisons, ${tally.solverMoves} solver moves, ${tally.runsSplit} runs split, ${tally.pruned} moves dropped by the rooted-build rules (${tally.builtOnRooted} times one build onto a rooted column), ${tally.lastSpace} by the last-space rule`,
      );
      assert.ok(tally.comparisons > 3000 && tally.solverMoves > 3 * tally.comparisons, `only ${tally.solverMoves} solver moves in ${tally.comparisons} comparisons`);
      if (variant.sequenceLimit !== 'one') assert.ok(tally.runsSplit > 50, `only ${tally.runsSplit} runs split`);
      if (variant.build === 'same-suit') assert.ok(tally.pruned > 0, 'the rooted-build rules never dropped a move');
      if (variant.cells > 0 && variant.sequenceLimit !== 'unlimited') assert.ok(tally.lastSpace > 0, 'the last-space rule never dropped a move');
    });
  }
});
