/**
 * The search's board: a compact, mutable board held in typed arrays, with the variant's rules
 * read off it, moves played and taken back on a trail, snapshots, and an exact canonical key.
 * The forced moves home, the space rules, the move generators, the estimate and the search itself
 * build on it (forcedMoves.ts, spaceUse.ts, sameSuitMoves.ts, moveGenerator.ts, estimate.ts,
 * searcher.ts), as subclasses: one object, whose hot paths call its own methods.
 *
 * The key. Cards only ever land on a card they may be built on (their "parent"), in a cell, at
 * the bottom of an empty column, or home. So, relative to the root position of the search, the
 * place of every card is told by a small code: 0 where it stands at the root (a card at depth
 * ≥ 1 that is not on a parent never moved, and neither did anything under it), "on a parent of
 * suit s", "in a cell", "at the bottom of a column", "home". These codes determine the whole
 * board, whatever the order of the columns and of the cells, so the key of a position is its
 * 52 codes (2 bits each in same-suit games, where a card's parent is unique and home is read
 * from the foundation heights; 3 bits otherwise) packed into 4 or 6 words. It is updated in O(1)
 * per move, and stored whole in the hash set: a hit is an exact match, so proofs are exact.
 */
import type { Position } from '../engine';
import { IntStack } from './intStack';
import { FOUNDATION, SHIFT_COUNT, SHIFT_DST, isRedSuit, type Rules } from './rules';

const rank = (card: number): number => (card >> 2) + 1;

/** A board as plain arrays (engine Position without the variant): columns bottom first, cells, foundation piles. */
export interface Board {
  readonly columns: readonly (readonly number[])[];
  readonly cells: readonly (number | null)[];
  readonly foundations: readonly (readonly number[])[];
}

/** The board of a position as the search reads it. */
export function boardOf(position: Position): Board {
  return { columns: position.columns, cells: position.cells, foundations: position.foundations };
}

/**
 * The mutable board of a search, with its trail of moves. Only ever made as a Searcher (searcher.ts).
 */
export class SearchBoard {
  readonly r: Rules;
  protected readonly build: number;
  protected readonly nc: number;
  protected readonly ncell: number;
  /**
   * The whole board lives in one buffer, seen word by word here, so that a snapshot is a copy
   * of whole words: columns (each `stride` bytes, bottom first), their
   * lengths, cells, foundation heights and tops, Spanish piles, key.
   */
  private readonly state32: Uint32Array;
  /** Words of {@link state32} that hold the columns' cards (the first ones). */
  private readonly columnWords: number;
  /** Bytes per column in {@link col}: room for the longest column the board can grow. */
  protected readonly stride: number;
  /** log2 of {@link stride}. */
  protected readonly shift: number;
  readonly col: Uint8Array;
  readonly len: Uint8Array;
  readonly cell: Int8Array;
  /** By-suit: height of pile s. Spanish: number of cards on pile p. */
  readonly fcount: Uint8Array;
  /** Spanish: top card of pile p, or -1. */
  readonly ftop: Int8Array;
  home = 0;

  // Key.
  protected readonly bits: number;
  readonly width: number;
  readonly key: Uint32Array;
  private readonly keyWord = new Uint8Array(52);
  private readonly keyShift = new Uint8Array(52);
  private readonly codeMask: number;
  private readonly rootPred = new Int8Array(52);
  private readonly rootBottom = new Uint8Array(52);
  private readonly CELL: number;
  private readonly BOTTOM: number;
  private readonly HOME: number;

  /** Forced safe foundation moves on/off (off only to check the rule against a complete search). */
  forceSafe = true;

  /**
   * The column whose top card each card is, else -1: kept by every change of the board, so the
   * move generators read the tops without marking them first (a third of the same-suit
   * generator's time went on marking them).
   */
  readonly topOwner = new Int8Array(52);
  /** Bit i set while cell i is free, kept as {@link topOwner} is (the generators read the count and the first one). */
  freeCellBits = 0;
  /** Bit c set while column c is empty, kept as {@link topOwner} is. */
  emptyColumnBits = 0;

  readonly trail = new IntStack();
  /**
   * Bit c is set while column c's term of the estimate (kept by the estimator, see estimate.ts)
   * is still valid; a move clears the bits of the columns it touches (all of them when a card
   * goes home), and so does reading a snapshot.
   */
  protected termsValid = 0;

  constructor(rules: Rules, board: Board) {
    this.r = rules;
    this.build = rules.build;
    this.nc = rules.columns;
    this.ncell = rules.cells;
    // A column holds at most what it starts with plus one run of 13 (a run on a card of rank r
    // has at most r − 1 cards).
    const longest = Math.max(0, ...board.columns.map((column) => column.length));
    this.shift = longest + 13 <= 32 ? 5 : 6;
    this.stride = 1 << this.shift;
    this.bits = rules.build === 0 && !rules.spanish ? 2 : 3;
    const perWord = this.bits === 2 ? 16 : 10;
    this.width = this.bits === 2 ? 4 : 6;
    const lenAt = this.nc * this.stride;
    this.columnWords = lenAt >> 2;
    const cellAt = lenAt + this.nc;
    const fcountAt = cellAt + Math.max(1, this.ncell);
    const ftopAt = fcountAt + 4;
    const pilesAt = ftopAt + 4;
    const keyAt = (pilesAt + (rules.spanish ? 56 : 0) + 3) & ~3;
    const buffer = new ArrayBuffer(keyAt + this.width * 4);
    this.state32 = new Uint32Array(buffer);
    this.col = new Uint8Array(buffer, 0, lenAt);
    this.len = new Uint8Array(buffer, lenAt, this.nc);
    this.cell = new Int8Array(buffer, cellAt, Math.max(1, this.ncell)).fill(-1);
    this.fcount = new Uint8Array(buffer, fcountAt, 4);
    this.ftop = new Int8Array(buffer, ftopAt, 4).fill(-1);
    this.piles = [0, 1, 2, 3].map((p) => new Int8Array(buffer, pilesAt + 14 * (rules.spanish ? p : 0), rules.spanish ? 14 : 0));
    this.key = new Uint32Array(buffer, keyAt, this.width);
    this.codeMask = (1 << this.bits) - 1;
    for (let c = 0; c < 52; c++) {
      this.keyWord[c] = Math.floor(c / perWord);
      this.keyShift[c] = (c % perWord) * this.bits;
    }
    if (this.bits === 2) {
      this.CELL = 2;
      this.BOTTOM = 3;
      this.HOME = 0;
    } else {
      this.CELL = 5;
      this.BOTTOM = 6;
      this.HOME = 7;
    }

    this.rootPred.fill(-1);
    board.columns.forEach((column, c) => {
      column.forEach((card, i) => {
        this.col[(c << this.shift) + i] = card;
        if (i === 0) this.rootBottom[card] = 1;
        else this.rootPred[card] = column[i - 1];
      });
      this.len[c] = column.length;
    });
    board.cells.forEach((card, i) => {
      if (card !== null) this.cell[i] = card;
    });
    board.foundations.forEach((pile, p) => {
      this.fcount[p] = pile.length;
      this.ftop[p] = pile.length === 0 ? -1 : pile[pile.length - 1];
      this.home += pile.length;
    });
    this.rebuildKey();
    this.findTopsAndSpaces();
  }

  /** Sets {@link topOwner}, {@link freeCellBits} and {@link emptyColumnBits} from the board. */
  private findTopsAndSpaces(): void {
    const topOwner = this.topOwner;
    topOwner.fill(-1);
    let empty = 0;
    for (let c = 0; c < this.nc; c++) {
      const h = this.len[c];
      if (h > 0) topOwner[this.col[(c << this.shift) + h - 1]] = c;
      else empty |= 1 << c;
    }
    this.emptyColumnBits = empty;
    let free = 0;
    for (let i = 0; i < this.ncell; i++) if (this.cell[i] < 0) free |= 1 << i;
    this.freeCellBits = free;
  }

  // ---- rules -------------------------------------------------------------------------------

  /** Whether `card` may be built on `onto` in the tableau. */
  canBuild(card: number, onto: number): boolean {
    if ((onto >> 2) !== (card >> 2) + 1) return false;
    const b = this.build;
    if (b === 0) return (card & 3) === (onto & 3);
    if (b === 1) return isRedSuit(card & 3) !== isRedSuit(onto & 3);
    return true;
  }

  mayFill(card: number): boolean {
    const e = this.r.empty;
    return e === 0 || (e === 1 && card >> 2 === 12);
  }

  /** The foundation pile that takes `card` now, or -1 (Spanish: the first such pile). */
  foundationFor(card: number): number {
    if (!this.r.spanish) {
      const s = card & 3;
      return this.fcount[s] === card >> 2 ? s : -1;
    }
    const rk = card >> 2;
    for (let p = 0; p < 4; p++) {
      const top = this.ftop[p];
      if (top < 0) {
        if (rk === 0) return p;
      } else if (rk === (top >> 2) + 1 && isRedSuit(top & 3) !== isRedSuit(card & 3)) return p;
    }
    return -1;
  }

  /** The variant's safe auto-play rule (DESIGN.md section 3); the card must be playable. */
  isSafe(card: number): boolean {
    const safe = this.r.safe;
    if (safe === 0) return true;
    const rk = rank(card);
    if (safe === 3) return rk === 1;
    if (safe === 2) {
      for (let p = 0; p < 4; p++) if (this.fcount[p] < rk - 2) return false;
      return true;
    }
    if (rk <= 2) return true;
    const suit = card & 3;
    const red = isRedSuit(suit);
    for (let s = 0; s < 4; s++) {
      if (s === suit) continue;
      if (this.fcount[s] < (isRedSuit(s) === red ? rk - 3 : rk - 2)) return false;
    }
    return true;
  }

  freeCells(): number {
    let f = 0;
    for (let i = 0; i < this.ncell; i++) if (this.cell[i] < 0) f++;
    return f;
  }

  emptyColumns(): number {
    let e = 0;
    for (let c = 0; c < this.nc; c++) if (this.len[c] === 0) e++;
    return e;
  }

  /** How many cards may move as one run, to an empty column or not. */
  runLimit(free: number, empty: number, toEmpty: boolean): number {
    const stop = empty - (toEmpty ? 1 : 0);
    switch (this.r.limit) {
      case 0:
        return (1 + free) << stop;
      case 1:
        return 1 + free;
      case 2:
        return 64;
      case 3:
        return 1 << stop;
      default:
        return 1;
    }
  }

  /** The top card of column c, or -1 when it is empty. */
  topOf(c: number): number {
    const n = this.len[c];
    return n === 0 ? -1 : this.col[(c << this.shift) + n - 1];
  }

  /** Length of the run at the end of column c. */
  runLength(c: number): number {
    const n = this.len[c];
    if (n === 0) return 0;
    const base = c << this.shift;
    let k = 1;
    while (k < n && this.canBuild(this.col[base + n - k], this.col[base + n - k - 1])) k++;
    return k;
  }

  // ---- key ---------------------------------------------------------------------------------

  private setCode(card: number, code: number): void {
    this.writeCode(this.key, card, code);
  }

  /** Writes `card`'s code into `key` (the board's key or a copy of it). */
  private writeCode(key: Uint32Array, card: number, code: number): void {
    const w = this.keyWord[card];
    const s = this.keyShift[card];
    key[w] = (key[w] & ~(this.codeMask << s)) | (code << s);
  }

  /** The code of a card that stands in column c at depth i. */
  private columnCode(card: number, c: number, i: number): number {
    if (i === 0) return this.rootBottom[card] ? 0 : this.BOTTOM;
    const under = this.col[(c << this.shift) + i - 1];
    if (this.canBuild(card, under)) return this.bits === 2 ? 1 : 1 + (under & 3);
    return 0;
  }

  private foundationExtras(): void {
    if (this.bits === 2) {
      let heights = 0;
      for (let s = 0; s < 4; s++) heights |= this.fcount[s] << (4 * s);
      this.key[3] = (this.key[3] & 0xff) | (heights << 8);
    } else if (this.r.spanish) {
      // The multiset of (height, colour of top) over the piles, sorted.
      const codes = [0, 0, 0, 0];
      for (let p = 0; p < 4; p++) {
        const top = this.ftop[p];
        codes[p] = top < 0 ? 0 : this.fcount[p] * 2 + (isRedSuit(top & 3) ? 1 : 0);
      }
      codes.sort((a, b) => a - b);
      const packed = codes[0] | (codes[1] << 5) | (codes[2] << 10) | (codes[3] << 15);
      this.key[5] = (this.key[5] & 0x3f) | (packed << 6);
    }
  }

  rebuildKey(): void {
    this.key.fill(0);
    for (let c = 0; c < this.nc; c++) {
      for (let i = 0; i < this.len[c]; i++) {
        const card = this.col[(c << this.shift) + i];
        this.setCode(card, this.columnCode(card, c, i));
      }
    }
    for (let i = 0; i < this.ncell; i++) if (this.cell[i] >= 0) this.setCode(this.cell[i], this.CELL);
    if (this.bits === 3) {
      for (let card = 0; card < 52; card++) if (this.isHome(card)) this.setCode(card, this.HOME);
    }
    this.foundationExtras();
  }

  private isHome(card: number): boolean {
    for (let c = 0; c < this.nc; c++) {
      const base = c << this.shift;
      for (let i = 0; i < this.len[c]; i++) if (this.col[base + i] === card) return false;
    }
    for (let i = 0; i < this.ncell; i++) if (this.cell[i] === card) return false;
    return true;
  }

  // ---- moves -------------------------------------------------------------------------------

  /** Performs a resolved move without checks, keeping the key up to date. */
  apply(m: number): void {
    const src = m & 31;
    const dst = (m >> SHIFT_DST) & 31;
    const count = m >> SHIFT_COUNT;
    this.termsValid &= dst >= FOUNDATION ? 0 : ~((1 << src) | (1 << dst));
    const nc = this.nc;
    const topOwner = this.topOwner;
    let card: number;
    if (src < nc) {
      const base = src << this.shift;
      const n = this.len[src] - count;
      card = this.col[base + n];
      if (n > 0) topOwner[this.col[base + n - 1]] = src;
      if (dst < nc) {
        const tbase = dst << this.shift;
        const t = this.len[dst];
        if (t > 0) topOwner[this.col[tbase + t - 1]] = -1;
        topOwner[this.col[base + n + count - 1]] = dst;
        for (let i = 0; i < count; i++) this.col[tbase + t + i] = this.col[base + n + i];
        this.len[dst] = t + count;
        this.len[src] = n;
        if (n === 0) this.emptyColumnBits |= 1 << src;
        if (t === 0) this.emptyColumnBits &= ~(1 << dst);
        this.setCode(card, this.columnCode(card, dst, t));
        return;
      }
      topOwner[card] = -1;
      this.len[src] = n;
      if (n === 0) this.emptyColumnBits |= 1 << src;
    } else {
      card = this.cell[src - nc];
      this.cell[src - nc] = -1;
      this.freeCellBits |= 1 << (src - nc);
    }
    if (dst < nc) {
      const t = this.len[dst];
      const at = (dst << this.shift) + t;
      if (t > 0) topOwner[this.col[at - 1]] = -1;
      topOwner[card] = dst;
      this.col[at] = card;
      this.len[dst] = t + 1;
      if (t === 0) this.emptyColumnBits &= ~(1 << dst);
      this.setCode(card, this.columnCode(card, dst, t));
    } else if (dst < FOUNDATION) {
      this.cell[dst - nc] = card;
      this.freeCellBits &= ~(1 << (dst - nc));
      this.setCode(card, this.CELL);
    } else {
      const p = dst - FOUNDATION;
      this.fcount[p]++;
      this.ftop[p] = card;
      this.home++;
      this.setCode(card, this.HOME);
      this.foundationExtras();
    }
  }

  /** Takes back a move performed by {@link apply}. */
  undo(m: number): void {
    const src = m & 31;
    const dst = (m >> SHIFT_DST) & 31;
    const count = m >> SHIFT_COUNT;
    this.termsValid &= dst >= FOUNDATION ? 0 : ~((1 << src) | (1 << dst));
    const nc = this.nc;
    const topOwner = this.topOwner;
    let card: number;
    if (dst < nc) {
      const tbase = dst << this.shift;
      const t = this.len[dst] - count;
      card = this.col[tbase + t];
      if (t > 0) topOwner[this.col[tbase + t - 1]] = dst;
      if (src < nc) {
        const base = src << this.shift;
        const n = this.len[src];
        if (n > 0) topOwner[this.col[base + n - 1]] = -1;
        topOwner[this.col[tbase + t + count - 1]] = src;
        for (let i = 0; i < count; i++) this.col[base + n + i] = this.col[tbase + t + i];
        this.len[src] = n + count;
        this.len[dst] = t;
        if (t === 0) this.emptyColumnBits |= 1 << dst;
        if (n === 0) this.emptyColumnBits &= ~(1 << src);
        this.setCode(card, this.columnCode(card, src, n));
        return;
      }
      topOwner[card] = -1;
      this.len[dst] = t;
      if (t === 0) this.emptyColumnBits |= 1 << dst;
    } else if (dst < FOUNDATION) {
      card = this.cell[dst - nc];
      this.cell[dst - nc] = -1;
      this.freeCellBits |= 1 << (dst - nc);
    } else {
      const p = dst - FOUNDATION;
      card = this.ftop[p];
      this.fcount[p]--;
      this.home--;
      if (this.r.spanish) {
        // The card under it: any card one lower of the other colour that is home... we keep a
        // per-pile history instead.
        this.ftop[p] = this.pileBelow(p);
      } else {
        this.ftop[p] = this.fcount[p] === 0 ? -1 : card - 4;
      }
      this.foundationExtras();
    }
    if (src < nc) {
      const n = this.len[src];
      const at = (src << this.shift) + n;
      if (n > 0) topOwner[this.col[at - 1]] = -1;
      topOwner[card] = src;
      this.col[at] = card;
      this.len[src] = n + 1;
      if (n === 0) this.emptyColumnBits &= ~(1 << src);
      this.setCode(card, this.columnCode(card, src, n));
    } else {
      this.cell[src - nc] = card;
      this.freeCellBits &= ~(1 << (src - nc));
      this.setCode(card, this.CELL);
    }
  }

  /** Spanish Patience: pile contents, for undo. */
  private readonly piles: Int8Array[];
  private pileBelow(p: number): number {
    return this.fcount[p] === 0 ? -1 : this.piles[p][this.fcount[p] - 1];
  }

  /** Records the Spanish pile contents from the board (the search keeps them in step). */
  initPiles(board: Board): void {
    board.foundations.forEach((pile, p) => pile.forEach((card, i) => (this.piles[p][i] = card)));
  }

  protected applyTracked(m: number): void {
    this.apply(m);
    const dst = (m >> SHIFT_DST) & 31;
    if (this.r.spanish && dst >= FOUNDATION) {
      const p = dst - FOUNDATION;
      this.piles[p][this.fcount[p] - 1] = this.ftop[p];
    }
    this.trail.push(m);
  }

  /** Whether `card`, once uncovered, is a forced move home (with forced moves on). */
  protected goesHomeAtOnce(card: number): boolean {
    return this.foundationFor(card) >= 0 && this.isSafe(card);
  }

  protected lowestPile(): number {
    let low = 13;
    for (let p = 0; p < 4; p++) if (this.fcount[p] < low) low = this.fcount[p];
    return low;
  }

  // ---- snapshots, for best-first search ----------------------------------------------------

  /** Words of one snapshot (the whole board, see {@link state32}). */
  get snapshotWords(): number {
    return this.state32.length;
  }

  /** Writes the board into `buf` from word `at` on (see {@link snapshotWords}). */
  save(buf: Uint32Array, at: number): void {
    buf.set(this.state32, at);
  }

  /** Reads a board written by {@link save}. */
  load(buf: Uint32Array, at: number): void {
    const state = this.state32;
    // Word by word: `state.set(buf.subarray(…))` made a view object for every board read back,
    // half of all the solver allocated (and the young-generation collections that go with it).
    // The words after the columns (their lengths among them) first, then of each column only
    // the words its cards are in: nothing reads a column past its length.
    const columnWords = this.columnWords;
    for (let w = columnWords; w < state.length; w++) state[w] = buf[at + w];
    const len = this.len;
    const wordsPerColumn = this.stride >> 2;
    for (let c = 0, base = 0; c < this.nc; c++, base += wordsPerColumn) {
      const end = base + ((len[c] + 3) >> 2);
      for (let w = base; w < end; w++) state[w] = buf[at + w];
    }
    this.termsValid = 0;
    const fcount = this.fcount;
    this.home = fcount[0] + fcount[1] + fcount[2] + fcount[3];
    this.findTopsAndSpaces();
  }

  /** Resets the trail (the board stays as it is). */
  clearTrail(): void {
    this.trail.length = 0;
  }

  /** Takes back the trail down to `mark`. */
  undoTo(mark: number): void {
    const trail = this.trail;
    while (trail.length > mark) this.undo(trail.data[--trail.length]);
  }

  /**
   * Whether move `m` takes back move `v`, the move that made this board with no forced move
   * after it: then `m` leads back to the board before `v` (its cells or columns maybe in another
   * order), a position already seen, and need not be tried.
   */
  undoes(m: number, v: number): boolean {
    if ((m & 31) !== ((v >> SHIFT_DST) & 31) || m >> SHIFT_COUNT !== v >> SHIFT_COUNT) return false;
    const back = (m >> SHIFT_DST) & 31;
    const from = v & 31;
    if (from >= this.nc) return back >= this.nc && back < FOUNDATION;
    return this.len[from] === 0 ? back < this.nc && this.len[back] === 0 : back === from;
  }

  /**
   * Writes into `out` the key the board would have after move `m`, and returns true, when `m`
   * does not go home and no forced move would follow it; else returns false (the move must be
   * played to know). A position already seen is then found without playing and taking back.
   */
  childKey(m: number, out: Uint32Array): boolean {
    const src = m & 31;
    const dst = (m >> SHIFT_DST) & 31;
    if (dst >= FOUNDATION) return false;
    const nc = this.nc;
    let card: number;
    if (src < nc) {
      const base = src << this.shift;
      const n = this.len[src] - (m >> SHIFT_COUNT);
      card = this.col[base + n];
      if (n > 0 && this.forceSafe && this.goesHomeAtOnce(this.col[base + n - 1])) return false;
    } else card = this.cell[src - nc];
    const key = this.key;
    for (let w = 0; w < key.length; w++) out[w] = key[w];
    this.writeCode(out, card, dst < nc ? this.columnCode(card, dst, this.len[dst]) : this.CELL);
    return true;
  }
}
