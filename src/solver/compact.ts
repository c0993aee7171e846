/**
 * A last, cheap pass over a solution found by search: it drops the moves a good player would
 * not make. A greedy search leaves detours behind, such as a card put in a cell and later
 * moved on when it could have gone there straight away, or moved twice in a row. Each rewrite
 * is kept only if the rest of the solution still plays to a win.
 */
import { getVariant, type Move, type Position } from '../engine';
import { lowestBit } from './bits';
import { boardOf } from './board';
import { FOUNDATION, moveDst, moveSrc, packMove, rulesOf } from './rules';
import { keepAlive } from './keepAlive';
import { Searcher } from './searcher';

/**
 * A single-card move told by what it does, not by pile numbers, so that it still means the same
 * after earlier moves changed: card `card` goes to a cell, home, onto card `onto`, or to an
 * empty column.
 */
const TO_CELL = 0;
const TO_HOME = 1;
const TO_CARD = 2;
const TO_EMPTY = 3;

/** How many times the whole solution is gone over at most (one pass finds nearly all). */
const PASSES = 3;
/**
 * How many moves past a rewrite its replay goes at most without the board becoming one of the
 * solution's again: a rewrite that wins only by another way to the end is rare, and replaying
 * to the end for each was a third of the pass's time (measured: no solution of Baker's Game or
 * FreeCell deals 1-300 came out longer).
 */
const PATIENCE = 60;

export interface CompactOptions {
  /** Every pass tries every rewrite again, not only those near an earlier rewrite (for tests: the result must be the same). */
  readonly retryAll?: boolean;
  /** Every rewrite tried is played, none ruled out beforehand (for tests: the result must be the same). */
  readonly playEveryRewrite?: boolean;
}

/**
 * How much longer than the first solution (after {@link compact}) a second one may be, before
 * its own pass, for {@link compactShorter} to try it. Of the second solutions that came out
 * shorter (Kings-only and Baker's Game deals 10001-11000), none was 25 moves longer or more
 * before its pass; passing only those spares a quarter of the passes (the longest ones).
 */
const SECOND_MARGIN = 25;

/**
 * The last pass when a solve found two solutions (the depth-first part's, and best-first's
 * after it): {@link compact} on each, and the shorter one (the first on a tie). The second is
 * passed only when it may come out shorter (see {@link SECOND_MARGIN}).
 */
export function compactShorter(position: Position, moves: readonly Move[], second: readonly Move[] | undefined): readonly Move[] {
  const first = compact(position, moves);
  if (!second || second.length >= first.length + SECOND_MARGIN) return first;
  const other = compact(position, second);
  return other.length < first.length ? other : first;
}

/**
 * Returns a solution of `position` no longer than `moves` (single-card engine moves that win):
 * `moves` itself when no rewrite helps, or when the variant is one the pass does not handle
 * (Spanish Patience, where a card may go to more than one foundation pile, and solutions with
 * run moves that cannot be split).
 */
export function compact(position: Position, moves: readonly Move[], options: CompactOptions = {}): readonly Move[] {
  const rules = rulesOf(getVariant(position.variant));
  if (rules.spanish || moves.some((move) => move.count !== 1)) return moves;
  const board = new Board(position);
  const card: number[] = [];
  const kind: number[] = [];
  const onto: number[] = [];
  // Played with the engine's own pile numbers, so that the cards read off are the ones moved.
  const pile = (ref: Move['from']): number => (ref.kind === 'tableau' ? ref.index : ref.kind === 'cell' ? rules.columns + ref.index : FOUNDATION + ref.index);
  for (let k = 0; k < moves.length; k++) {
    const move = moves[k];
    const top = move.from.kind === 'tableau' ? board.s.topOf(move.from.index) : move.from.kind === 'cell' ? board.s.cell[move.from.index] : -1;
    const target = move.to.kind === 'tableau' ? board.s.topOf(move.to.index) : -1;
    if (top < 0) return moves;
    card.push(top);
    kind.push(move.to.kind === 'cell' ? TO_CELL : move.to.kind === 'foundation' ? TO_HOME : target >= 0 ? TO_CARD : TO_EMPTY);
    onto.push(target);
    board.s.apply(packMove(pile(move.from), pile(move.to), 1));
  }
  if (board.s.home !== 52) return moves;

  const path = new Path(board);
  path.record(card, kind, onto, 0, card.length, 0);
  // The pass in which each move (and, last, the end) was last part of a rewrite or came right
  // after moves taken out (-1: never). A rewrite's check reads only the boards and moves of its
  // window (see windowEnd), so a later pass tries it again only when its window holds a move
  // rewritten since it was last tried: in the pass before, or earlier in this one.
  const rewritten: number[] = new Array<number>(card.length + 1).fill(-1);
  // The index of the next move of each move's card (linked again after each rewrite).
  const next = new Int32Array(card.length);
  const lastAt = new Int32Array(52);
  for (let pass = 0; pass < PASSES; pass++) {
    let changed = false;
    linkNextMoves(card, next, lastAt);
    for (let i = 0; i < card.length; i++) {
      if (kind[i] === TO_HOME) continue;
      const j = next[i];
      if (pass > 0 && !options.retryAll && !rewrittenSince(rewritten, pass - 1, i, windowEnd(i, j, card.length))) continue;
      // Try, in order: drop both moves of the card; its first move goes straight where the
      // second one took it; drop the first move alone. Some checks are known to fail without
      // playing: dropping both moves when the second one takes the card home (it never gets
      // there), dropping the first one alone when dropping both failed before the second
      // one (the same moves, played alike up to there; see Path.dropFirstFails), and those
      // whose first move cannot be made (Path.failsAtOnce).
      let dropFirstFails = false;
      const rewrites = j < card.length ? REWRITES : ONLY_DROP_FIRST;
      for (let r = 0; r < rewrites.length; r++) {
        const rewrite = rewrites[r];
        if (!options.playEveryRewrite && rewrite === DROP_BOTH && kind[j] === TO_HOME) continue;
        if (!options.playEveryRewrite && rewrite === DROP_FIRST && dropFirstFails) continue;
        if (!options.playEveryRewrite && path.failsAtOnce(card, kind, i, j, rewrite)) {
          // Both drops play move i + 1 first, from the same board (see failsAtOnce).
          if (rewrite === DROP_BOTH) dropFirstFails = true;
          continue;
        }
        const rejoin = path.wins(card, kind, onto, i, j, rewrite);
        if (rewrite === DROP_BOTH) dropFirstFails = path.dropFirstFails;
        if (rejoin < 0) continue;
        if (rewrite === MERGE) {
          kind[i] = kind[j];
          onto[i] = onto[j];
        }
        if (rewrite !== DROP_FIRST) removeMove(card, kind, onto, rewritten, j);
        if (rewrite !== MERGE) removeMove(card, kind, onto, rewritten, i);
        const removed = rewrite === DROP_BOTH ? 2 : 1;
        const upTo = rejoin - removed;
        path.record(card, kind, onto, i, upTo, removed);
        for (let k = i; k < Math.max(upTo, i + 1); k++) rewritten[k] = pass;
        changed = true;
        linkNextMoves(card, next, lastAt);
        i--; // the same place again: the moves after it moved up
        break;
      }
    }
    if (!changed) break;
  }
  path.release();
  keepAlive('compact path', path);
  return (card.length < moves.length && board.engineMoves(card, kind, onto)) || moves;
}

/**
 * One past the last board index a check of rewrites of moves `i` and `j` reads (the board before
 * `i`, the moves up to PATIENCE past the later of `i` and `j`, and the boards after them), in a
 * solution of `length` moves.
 */
function windowEnd(i: number, j: number, length: number): number {
  return Math.min(length + 1, (j < length ? j : i) + PATIENCE + 3);
}

/** Writes into `next` the index of the next move of each move's card (`card.length`: none); `lastAt` is scratch, one entry a card. */
function linkNextMoves(card: readonly number[], next: Int32Array, lastAt: Int32Array): void {
  lastAt.fill(card.length);
  for (let k = card.length - 1; k >= 0; k--) {
    next[k] = lastAt[card[k]];
    lastAt[card[k]] = k;
  }
}

/** Whether a move in `from` … `to` − 1 was rewritten in pass `since` or later. */
function rewrittenSince(rewritten: readonly number[], since: number, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (rewritten[k] >= since) return true;
  return false;
}

/** Rewrites of the first move `i` of a card and its next move `j`. */
const DROP_BOTH = 0;
const MERGE = 1;
const DROP_FIRST = 2;
const REWRITES = [DROP_BOTH, MERGE, DROP_FIRST];
/** The rewrites of a card's last move. */
const ONLY_DROP_FIRST = [DROP_FIRST];

/** Takes move `at` out of the solution's parallel arrays. */
function removeMove(card: number[], kind: number[], onto: number[], rewritten: number[], at: number): void {
  card.splice(at, 1);
  kind.splice(at, 1);
  onto.splice(at, 1);
  rewritten.splice(at, 1);
}

/** The search board and the single-card moves on it, told by cards. */
class Board {
  readonly s: Searcher;
  private readonly columns: number;
  private readonly cells: number;
  /** The board the solution starts from, saved. */
  private readonly start: Uint32Array;
  constructor(position: Position) {
    const rules = rulesOf(getVariant(position.variant));
    this.s = new Searcher(rules, boardOf(position), 0);
    this.columns = rules.columns;
    this.cells = rules.cells;
    this.start = new Uint32Array(this.s.snapshotWords);
    this.s.save(this.start, 0);
  }

  /** Back to the position the solution starts from. */
  reset(): void {
    this.s.load(this.start, 0);
  }

  /** The move as pile numbers on the board now (packed), or -1 when it is not legal here. */
  resolve(card: number, kind: number, onto: number): number {
    const s = this.s;
    // The board keeps its top cards, free cells and empty columns: no pile is searched for them.
    let src = s.topOwner[card];
    for (let i = 0; i < this.cells && src < 0; i++) if (s.cell[i] === card) src = this.columns + i;
    if (src < 0) return -1;
    if (kind === TO_HOME) {
      const p = s.foundationFor(card);
      return p < 0 ? -1 : packMove(src, FOUNDATION + p, 1);
    }
    if (kind === TO_CELL) {
      const free = lowestBit(s.freeCellBits);
      return src >= this.columns || free < 0 ? -1 : packMove(src, this.columns + free, 1);
    }
    if (kind === TO_CARD) {
      const dst = s.topOwner[onto];
      return dst >= 0 && dst !== src && s.canBuild(card, onto) ? packMove(src, dst, 1) : -1;
    }
    // The column the card leaves holds it, so it is not an empty one.
    const empty = lowestBit(s.emptyColumnBits);
    return empty >= 0 && s.mayFill(card) ? packMove(src, empty, 1) : -1;
  }

  /**
   * Plays the move, as {@link step} does; returns the card it uncovers: the new top of the
   * column it leaves, or -1 (from a cell, the column left empty, or the move not legal here).
   */
  stepUncovering(card: number, kind: number, onto: number): number {
    const m = this.resolve(card, kind, onto);
    if (m < 0) return -1;
    this.s.apply(m);
    const src = moveSrc(m);
    return src < this.columns ? this.s.topOf(src) : -1;
  }

  /** Plays the move; false (and nothing played) when it is not legal here. */
  step(card: number, kind: number, onto: number): boolean {
    const m = this.resolve(card, kind, onto);
    if (m < 0) return false;
    this.s.apply(m);
    return true;
  }

  /** The moves as engine moves, if they are legal from the start and win (as {@link compact} checked, but a wrong solution must never come out). */
  engineMoves(card: readonly number[], kind: readonly number[], onto: readonly number[]): Move[] | undefined {
    this.reset();
    const out: Move[] = [];
    for (let k = 0; k < card.length; k++) {
      const m = this.resolve(card[k], kind[k], onto[k]);
      if (m < 0) return undefined;
      const src = moveSrc(m);
      const dst = moveDst(m);
      out.push({
        from: src < this.columns ? { kind: 'tableau', index: src } : { kind: 'cell', index: src - this.columns },
        to: dst >= FOUNDATION ? { kind: 'foundation', index: dst - FOUNDATION } : dst < this.columns ? { kind: 'tableau', index: dst } : { kind: 'cell', index: dst - this.columns },
        count: 1,
      });
      this.s.apply(m);
    }
    return this.s.home === 52 ? out : undefined;
  }
}

/** `larger` with `array` copied to its start. */
function grown<T extends Uint32Array | Uint8Array | Int8Array>(array: T, larger: T): T {
  larger.set(array);
  return larger;
}

/**
 * The arrays of the last {@link Path}, for the next one: the pass runs for each solution found,
 * and making them anew each time took a third of the time of {@link Path.record}.
 */
let spareArrays: PathArrays | undefined;

interface PathArrays {
  snaps: Uint32Array;
  keys: Uint32Array;
  heights: Uint8Array;
  uncovered: Int8Array;
}

/**
 * The boards along the current solution (saved, and their keys), so that a rewrite is checked
 * from where it starts, and only until the board is again one the solution reaches.
 */
class Path {
  private readonly words: number;
  private readonly width: number;
  private snaps: Uint32Array;
  private keys: Uint32Array;
  /**
   * Set by each check of DROP_BOTH: whether the check of DROP_FIRST of the same two moves
   * would fail. Both play the moves between them alike, from the same board. When that failed
   * before the second move, DROP_FIRST fails there too: it could have stopped earlier only on
   * a board of the current solution, and from there on the moves play as in the solution.
   */
  dropFirstFails = false;
  /** Foundation heights of each board (four bytes a board, by suit). */
  private heights: Uint8Array;
  /** For each move from a column, the card it uncovers (-1: none, or the move is from a cell). */
  private uncovered: Int8Array;
  constructor(private readonly board: Board) {
    this.words = board.s.snapshotWords;
    this.width = board.s.width;
    // Taken, not shared: a pass that throws leaves nothing half-written for the next one. Every
    // entry is written (by record) before it is read.
    const arrays = spareArrays;
    spareArrays = undefined;
    this.snaps = arrays?.snaps ?? new Uint32Array(0);
    this.keys = arrays?.keys ?? new Uint32Array(0);
    this.heights = arrays?.heights ?? new Uint8Array(0);
    this.uncovered = arrays?.uncovered ?? new Int8Array(0);
  }

  /** Hands the arrays to the next path (call when done with this one). */
  release(): void {
    spareArrays = { snaps: this.snaps, keys: this.keys, heights: this.heights, uncovered: this.uncovered };
  }

  /** Grows the arrays (to twice what is needed) where they cannot hold `boards` boards; what they hold stays. */
  private makeRoom(boards: number): void {
    if (this.snaps.length < boards * this.words) this.snaps = grown(this.snaps, new Uint32Array(boards * this.words * 2));
    if (this.keys.length < boards * this.width) this.keys = grown(this.keys, new Uint32Array(boards * this.width * 2));
    if (this.heights.length < boards * 4) this.heights = grown(this.heights, new Uint8Array(boards * 4 * 2));
    if (this.uncovered.length < boards) this.uncovered = grown(this.uncovered, new Int8Array(boards * 2));
  }

  /**
   * Brings the saved boards up to date after a change of moves `from` … `upTo` − 1 that removed
   * `removed` moves: the boards from `upTo` on are the ones saved before, `removed` places
   * further on (or the same up to the order of columns and cells, which no check depends on);
   * those before `upTo`, after `from`, are played again. With `removed` 0 and `upTo` the length,
   * it records them all.
   */
  record(card: readonly number[], kind: readonly number[], onto: readonly number[], from: number, upTo: number, removed: number): void {
    const n = card.length + 1;
    this.makeRoom(n + removed);
    if (removed > 0) {
      this.snaps.copyWithin(upTo * this.words, (upTo + removed) * this.words, (n + removed) * this.words);
      this.keys.copyWithin(upTo * this.width, (upTo + removed) * this.width, (n + removed) * this.width);
      this.heights.copyWithin(upTo * 4, (upTo + removed) * 4, (n + removed) * 4);
      this.uncovered.copyWithin(upTo, upTo + removed, n + removed);
    }
    const s = this.board.s;
    if (from === 0) this.board.reset();
    else s.load(this.snaps, from * this.words);
    const last = Math.min(upTo, card.length);
    for (let k = from; k <= last; k++) {
      s.save(this.snaps, k * this.words);
      this.keys.set(s.key, k * this.width);
      for (let suit = 0; suit < 4; suit++) this.heights[k * 4 + suit] = s.fcount[suit];
      if (k < last) this.uncovered[k] = this.board.stepUncovering(card[k], kind[k], onto[k]);
    }
  }

  /**
   * Whether {@link wins} would fail at its first move, known without playing: the drops first
   * make move i + 1 from the board before move i, which fails when that move's card is the one
   * move i uncovered (still covered there); the merge of a move home first sends the card home
   * from the board before move i, which fails when its foundation is not yet one below it there.
   */
  failsAtOnce(card: readonly number[], kind: readonly number[], i: number, j: number, rewrite: number): boolean {
    if (rewrite === MERGE) return kind[j] === TO_HOME && this.heights[i * 4 + (card[i] & 3)] !== card[i] >> 2;
    return i + 1 < card.length && card[i + 1] === this.uncovered[i];
  }

  /**
   * Whether the current solution, with `rewrite` of its moves `i` and `j`, still wins: played
   * from the board before `i` until, past the moves rewritten, the board is the one the
   * current solution has there (the rest is the same), or to the end. Returns the index (in the
   * current solution) of that board, the length + 1 when the rewritten solution won only at the
   * end, or -1 when neither happens within {@link PATIENCE} moves.
   */
  wins(card: readonly number[], kind: readonly number[], onto: readonly number[], i: number, j: number, rewrite: number): number {
    const s = this.board.s;
    s.load(this.snaps, i * this.words);
    const same = rewrite === DROP_FIRST ? i : j;
    const dropBoth = rewrite === DROP_BOTH;
    if (dropBoth) this.dropFirstFails = false;
    for (let k = i; k < card.length; k++) {
      if (k === i && rewrite !== MERGE) continue;
      if (k === j && rewrite !== DROP_FIRST) {
        if (this.sameKey(k + 1)) return k + 1;
        continue;
      }
      const from = k === i ? j : k;
      if (!this.board.step(card[from], kind[from], onto[from])) {
        if (dropBoth) this.dropFirstFails = k < j;
        return -1;
      }
      if (k >= same && this.sameKey(k + 1)) return k + 1;
      if (k > same + PATIENCE) return -1;
    }
    return s.home === 52 ? card.length + 1 : -1;
  }

  private sameKey(at: number): boolean {
    const key = this.board.s.key;
    const base = at * this.width;
    for (let w = 0; w < this.width; w++) if (key[w] !== this.keys[base + w]) return false;
    return true;
  }
}
